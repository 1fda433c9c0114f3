/**
 * The concept tree part of the kb behind the real gateway, with in-memory history and
 * attachments and principals taken from the JWT claims: HTTP tests of the tree alone.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServiceRoutes } from "../../../gateway/src/engine/route-spec.js";
import { COMMON_PROTO_FILES, commonRoutes } from "../../../gateway/src/routes/common.routes.js";
import { KB_TREE_PROTO_FILES, kbTreeRoutes } from "../../../gateway/src/routes/kb-tree.routes.js";
import { KB_RPC_ACCESS } from "../../../services/kb/kb.access.js";
import {
  createConceptDirectory,
  createTreePart,
  createTreeVersionWatch,
  treeSchema,
} from "../../../services/kb/tree/tree-part.js";
import type { TokenService } from "../../../services/kit/auth/token-service.js";
import type { DomainModule } from "../../../services/kit/domain/domain-module.js";
import { domainDatabaseTarget } from "../../../services/kit/storage/database-url.js";
import { openDomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { startDomainStack } from "../../../tools/dev/fixtures/domain-stack.js";
import type { TreeTarget } from "../e2e/kb-tree.js";
import { type Backend, freshKbDatabaseUrl } from "./kb-databases.js";
import { ArrayHistoryRecorder, ClaimsPrincipalResolver, MapConceptAttachments } from "./tree-fakes.js";

export interface TreeHttpStack extends TreeTarget {
  stop(): Promise<void>;
}

const routes: ServiceRoutes = {
  domain: "kb",
  basePath: "/kb",
  title: "kb concept tree (test)",
  protoFiles: [...COMMON_PROTO_FILES, ...KB_TREE_PROTO_FILES],
  access: KB_RPC_ACCESS,
  casing: "camel",
  nulls: "null",
  routes: [...commonRoutes(), ...kbTreeRoutes],
};

export async function startTreeHttpStack(backend: Backend): Promise<TreeHttpStack> {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-kb-tree-"));
  const databaseUrl = await freshKbDatabaseUrl(backend, "m3_kb_tree", dataDir);
  let issuer: TokenService | undefined;
  const module: DomainModule = {
    name: "kb",
    defaultGrpcPort: 0,
    protoFiles: KB_TREE_PROTO_FILES,
    health: { application: "oni", description: "kb concept tree (test)" },
    async open({ config, tokens, logger }) {
      issuer = tokens;
      const storage = await openDomainStorage({
        target: domainDatabaseTarget(config.databaseUrl, dataDir, "kb"),
        domain: "kb",
        entities: treeSchema.entities,
        migrations: treeSchema.migrations,
      });
      const slice = createTreePart({
        storage,
        tokens,
        logger,
        directory: createConceptDirectory(),
        versions: createTreeVersionWatch(storage),
        principals: new ClaimsPrincipalResolver(),
        history: new ArrayHistoryRecorder(),
        attachments: new MapConceptAttachments(),
      });
      return { bindings: slice.bindings, close: () => storage.close() };
    },
  };
  const stack = await startDomainStack({
    module,
    routes: routes,
    dataDir,
    databaseUrl,
    authPath: "/kb/v1/auth",
  });
  if (!issuer) throw new Error("the kb did not open");
  const http = stack.http;
  const adminAuth = `Bearer ${await issuer.issue({ sub: "1", name: "admin", role: "Admin" })}`;
  const root = `root-${randomBytes(4).toString("hex")}`;
  const created = await http.post("/kb/v1/concept", { auth: adminAuth, json: { name: root } });
  if (created.status !== 200) throw new Error(`could not create the root: ${created.status} ${created.text}`);
  return {
    http,
    root,
    adminAuth,
    maintAuth: `Bearer ${await issuer.issue({ sub: "2", name: "maint", role: "Maint" })}`,
    apiKeyAuth: `Bearer ${await http.token()}`,
    stop: stack.stop,
  };
}
