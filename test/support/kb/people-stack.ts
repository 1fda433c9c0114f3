/**
 * The people and history parts of the kb behind the real gateway, over a fake concept
 * directory: HTTP-level tests of these parts without the rest of the kb.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServiceRoutes } from "../../../gateway/src/engine/route-spec.js";
import { COMMON_PROTO_FILES, commonRoutes } from "../../../gateway/src/routes/common.routes.js";
import { KB_HISTORY_PROTO_FILES, kbHistoryRoutes } from "../../../gateway/src/routes/kb-history.routes.js";
import { KB_PEOPLE_PROTO_FILES, kbPeopleRoutes } from "../../../gateway/src/routes/kb-people.routes.js";
import { VersionWatch } from "../../../services/kb/cache/version-watch.js";
import type { HistoryActionHandler, HistoryRecorder } from "../../../services/kb/contracts/history.js";
import type { KbPartDeps } from "../../../services/kb/contracts/part.js";
import {
  createHistoryPart,
  createHistoryRecorder,
  historySchema,
} from "../../../services/kb/history/history-part.js";
import { KB_RPC_ACCESS } from "../../../services/kb/kb.access.js";
import {
  createPeoplePart,
  createPrincipalResolver,
  ensureAdminUser,
  peopleSchema,
} from "../../../services/kb/people/people-part.js";
import type { DomainModule } from "../../../services/kit/domain/domain-module.js";
import { domainDatabaseTarget } from "../../../services/kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { startDomainStack } from "../../../tools/dev/fixtures/domain-stack.js";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import { FakeConceptDirectory, fakeTreeSchema } from "./history-fakes.js";
import { type Backend, freshKbDatabaseUrl, migrationsOf } from "./kb-databases.js";

export const STACK_ADMIN = { username: "admin", password: "admin-pw" };

export interface PeopleStack {
  http: HttpClient;
  storage: DomainStorage;
  directory: FakeConceptDirectory;
  recorder: HistoryRecorder;
  stop(): Promise<void>;
}

const kbRoutes: ServiceRoutes = {
  domain: "kb",
  basePath: "/kb",
  title: "kb people and history (test)",
  protoFiles: [...COMMON_PROTO_FILES, ...KB_PEOPLE_PROTO_FILES, ...KB_HISTORY_PROTO_FILES],
  access: KB_RPC_ACCESS,
  casing: "camel",
  nulls: "null",
  routes: [...commonRoutes(), ...kbPeopleRoutes, ...kbHistoryRoutes],
};

/** Starts the stack on a fresh database; `handlers` serve approve and reject. */
export async function startPeopleStack(
  backend: Backend,
  handlers: readonly HistoryActionHandler[] = [],
): Promise<PeopleStack> {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-kb-stack-"));
  const databaseUrl = await freshKbDatabaseUrl(backend, "m3_kb_stack", dataDir);
  const directory = new FakeConceptDirectory();
  const recorder = createHistoryRecorder();
  let storage: DomainStorage | undefined;
  const module: DomainModule = {
    name: "kb",
    defaultGrpcPort: 0,
    protoFiles: [...KB_PEOPLE_PROTO_FILES, ...KB_HISTORY_PROTO_FILES],
    health: { application: "oni", description: "kb people and history (test)" },
    async open({ config, tokens, logger }) {
      const schemas = [fakeTreeSchema, historySchema, peopleSchema];
      const opened = await openDomainStorage({
        target: domainDatabaseTarget(config.databaseUrl, dataDir, "kb"),
        domain: "kb",
        entities: schemas.flatMap((schema) => schema.entities),
        migrations: migrationsOf(schemas),
      });
      storage = opened;
      await ensureAdminUser(opened, STACK_ADMIN);
      const deps: KbPartDeps = {
        storage: opened,
        tokens,
        logger,
        directory,
        principals: createPrincipalResolver(opened),
        history: recorder,
        // People and history keep no cache: the version is never read.
        versions: new VersionWatch(async () => 0),
      };
      return {
        bindings: [...createPeoplePart(deps).bindings, ...createHistoryPart({ ...deps, handlers }).bindings],
        close: () => opened.close(),
      };
    },
  };
  const stack = await startDomainStack({
    module,
    routes: kbRoutes,
    dataDir,
    databaseUrl,
    authPath: "/kb/v1/auth",
  });
  if (!storage) throw new Error("the kb storage did not open");
  return {
    http: stack.http,
    storage,
    directory,
    recorder,
    stop: stack.stop,
  };
}
