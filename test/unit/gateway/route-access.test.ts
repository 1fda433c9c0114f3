/**
 * Each gRPC method's access is declared once, beside its service's handlers: the domain enforces
 * it (bindService) and the gateway's OpenAPI documents print it. These tests hold the two together
 * over every route table and every service a domain serves, so they cannot go stale.
 */
import test from "ava";
import protobuf from "protobufjs";
import { loadProtoRoot } from "../../../gateway/src/engine/proto-registry.js";
import { bindRoutes } from "../../../gateway/src/engine/route-binding.js";
import { buildOpenApiDocument } from "../../../gateway/src/openapi/openapi-document.js";
import { allServiceRoutes } from "../../../gateway/src/routes/index.js";
import { COMMON_PROTO_FILES } from "../../../services/kit/domain/start-domain.js";
import type { MethodAccess } from "../../../services/kit/grpc/method-access.js";
import { PROTO_ROOT } from "../../../services/kit/proto-root.js";
import { allInOneDomains } from "../../../tools/m3/all-in-one/domains.js";

type Security = Array<Record<string, string[]>>;
type OpenApi = { paths: Record<string, Record<string, { security?: Security }>> };

/** The OpenAPI security of each access: the schemes, any one of which opens the route. */
const SECURITY_OF: Readonly<Record<MethodAccess, Security | undefined>> = {
  none: undefined,
  jwt: [{ bearerAuth: [] }],
  "jwt-checked-by-handler": [{ bearerAuth: [] }],
  apikey: [{ apiKeyAuth: [] }],
  basic: [{ basicAuth: [] }],
  "x-api-key-or-basic": [{ xApiKeyAuth: [] }, { basicAuth: [] }],
  "x-api-key-or-jwt": [{ xApiKeyAuth: [] }, { bearerAuth: [] }],
};

for (const table of allServiceRoutes) {
  test(`the OpenAPI security of every ${table.name ?? table.domain} route is the access declared for its rpc`, (t) => {
    const root = loadProtoRoot(PROTO_ROOT, table.protoFiles);
    const document = buildOpenApiDocument(table, bindRoutes(table, root)) as OpenApi;
    for (const route of table.routes) {
      const declared = table.access.get(route.rpc);
      const where = `${route.method} ${route.path} (${route.rpc}: ${declared})`;
      if (declared === undefined) {
        t.fail(`${where} has no declared access`);
        continue;
      }
      const operation = document.paths[route.path === "" ? "/" : route.path]?.[route.method.toLowerCase()];
      t.truthy(operation, where);
      t.deepEqual(operation?.security, SECURITY_OF[declared], where);
    }
  });
}

/** The full names ("pkg.Service/Method") of every method of every service under `namespace`. */
function methodNames(namespace: protobuf.NamespaceBase): string[] {
  return namespace.nestedArray.flatMap((nested) => {
    if (nested instanceof protobuf.Service) {
      return nested.methodsArray.map((method) => `${nested.fullName.slice(1)}/${method.name}`);
    }
    return nested instanceof protobuf.Namespace ? methodNames(nested) : [];
  });
}

for (const { module, routes } of allInOneDomains) {
  test(`every method the ${module.name} domain serves has a declared access`, (t) => {
    const served = methodNames(loadProtoRoot(PROTO_ROOT, [...COMMON_PROTO_FILES, ...module.protoFiles]));
    t.true(served.some((name) => name.startsWith(`m3.${module.name}.`)));
    t.deepEqual(
      served.filter((name) => !routes.access.has(name)),
      [],
    );
  });
}
