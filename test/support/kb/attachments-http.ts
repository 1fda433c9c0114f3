/**
 * The attachments' routes over HTTP before the kb module exists: the part's gRPC services
 * (over the fake tree, principals and history) behind a gateway with only these routes.
 */
import type { ServiceRoutes } from "../../../gateway/src/engine/route-spec.js";
import {
  KB_ATTACHMENTS_PROTO_FILES,
  kbAttachmentsRoutes,
} from "../../../gateway/src/routes/kb-attachments.routes.js";
import { startGateway } from "../../../gateway/src/server/gateway-listener.js";
import { createAttachmentsPart } from "../../../services/kb/attachments/attachments-part.js";
import { KB_RPC_ACCESS } from "../../../services/kb/kb.access.js";
import type { TokenService } from "../../../services/kit/auth/token-service.js";
import { startGrpcServer } from "../../../services/kit/grpc/grpc-server.js";
import { PROTO_ROOT } from "../../../services/kit/proto-root.js";
import { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import type { AttachmentsHarness, Backend } from "./attachments-harness.js";
import { openAttachments } from "./attachments-harness.js";

const ROUTES: ServiceRoutes = {
  domain: "kb",
  basePath: "/kb",
  title: "kb attachments (test)",
  protoFiles: KB_ATTACHMENTS_PROTO_FILES,
  access: KB_RPC_ACCESS,
  casing: "camel",
  nulls: "null",
  routes: kbAttachmentsRoutes,
};

export interface AttachmentsHttp {
  kb: AttachmentsHarness;
  http: HttpClient;
  /** An Authorization header value for a user of the fake principals (admin, maint, reader) or none. */
  bearer(name?: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startAttachmentsHttp(backend: Backend): Promise<AttachmentsHttp> {
  const kb = await openAttachments(backend);
  const tokens = kb.deps.tokens as TokenService;
  const server = await startGrpcServer({
    name: "kb-attachments-test",
    host: "127.0.0.1",
    port: 0,
    bindings: createAttachmentsPart(kb.deps).bindings,
    protoRoot: PROTO_ROOT,
    protoFiles: KB_ATTACHMENTS_PROTO_FILES,
    logger: kb.deps.logger,
  });
  const gateway = await startGateway({
    targets: [{ routes: ROUTES, address: server.address }],
    protoRoot: PROTO_ROOT,
    logger: kb.deps.logger,
    port: 0,
    host: "127.0.0.1",
  });
  return {
    kb,
    http: new HttpClient(`http://127.0.0.1:${gateway.port}`, "unused"),
    bearer: async (name) => `Bearer ${await tokens.issue(name ? { name, sub: "1" } : {})}`,
    stop: async () => {
      await gateway.close();
      await server.shutdown(0);
    },
  };
}
