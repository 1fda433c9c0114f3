/**
 * The OpenAPI 3.0 document of one domain, generated from its route table, proto types and the
 * access its domain declares for each rpc (so the security printed is the security enforced).
 */
import type { MethodAccess } from "../../../services/kit/grpc/method-access.js";
import { MEDIA_TYPES } from "../engine/body-codecs.js";
import { messageTypeOf } from "../engine/field-kinds.js";
import { templateParameters } from "../engine/path-template.js";
import type { BoundRoute } from "../engine/route-binding.js";
import type { ServiceRoutes } from "../engine/route-spec.js";
import { type Schema, SchemaRegistry, type SchemaStyle } from "./openapi-schemas.js";

export const ERROR_BODY = "ErrorBody";

type SchemeName = "bearerAuth" | "apiKeyAuth" | "basicAuth" | "xApiKeyAuth";

const SECURITY_SCHEMES: Readonly<Record<SchemeName, Schema>> = {
  bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
  apiKeyAuth: {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description: "`APIKEY <key>` (scheme case-insensitive)",
  },
  basicAuth: { type: "http", scheme: "basic" },
  xApiKeyAuth: { type: "apiKey", in: "header", name: "X-Api-Key" },
};

/** The schemes that open a method, any one of them (OpenAPI lists alternatives); none for an open one. */
const SCHEMES_OF: Readonly<Record<MethodAccess, readonly SchemeName[]>> = {
  none: [],
  jwt: ["bearerAuth"],
  "jwt-checked-by-handler": ["bearerAuth"],
  apikey: ["apiKeyAuth"],
  basic: ["basicAuth"],
  "x-api-key-or-basic": ["xApiKeyAuth", "basicAuth"],
  "x-api-key-or-jwt": ["xApiKeyAuth", "bearerAuth"],
};

export function buildOpenApiDocument(service: ServiceRoutes, routes: readonly BoundRoute[]): Schema {
  const schemas = new SchemaRegistry(service.casing);
  const paths: Record<string, Record<string, Schema>> = {};
  const operationIds = new Set<string>();
  const securitySchemes: Record<string, Schema> = {};
  for (const route of routes) {
    const path = route.spec.path === "" ? "/" : route.spec.path;
    const operation = operationOf(route, schemas, uniqueId(route.rpc.methodName, operationIds));
    const schemes = SCHEMES_OF[route.access];
    if (schemes.length > 0) {
      for (const name of schemes) securitySchemes[name] = SECURITY_SCHEMES[name];
      operation.security = schemes.map((name) => ({ [name]: [] }));
    }
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: "3.0.3",
    info: { title: service.title, version: "v1" },
    servers: [{ url: service.basePath === "" ? "/" : service.basePath }],
    paths,
    components: {
      schemas: { [ERROR_BODY]: errorBodySchema(), ...schemas.components },
      ...(Object.keys(securitySchemes).length > 0 ? { securitySchemes } : {}),
    },
  };
}

function uniqueId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  taken.add(id);
  return id;
}

function operationOf(route: BoundRoute, schemas: SchemaRegistry, operationId: string): Schema {
  const input: SchemaStyle = { direction: "input", casing: "snake", nulls: "omit" };
  const pathNames = templateParameters(route.spec.path);
  const parameters = [
    ...route.pathFields.map((field, index) => ({
      name: pathNames[index],
      in: "path",
      required: true,
      schema: schemas.fieldSchema(field, input),
    })),
    ...route.queryFields.map((field, index) => ({
      name: route.spec.query?.[index],
      in: "query",
      required: false,
      schema: schemas.fieldSchema(field, input),
    })),
  ];
  return {
    operationId,
    summary: route.spec.summary,
    tags: [route.rpc.serviceName],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...requestBodyOf(route, schemas),
    responses: {
      [String(route.successStatus)]: successResponse(route, schemas),
      default: {
        description: "Error",
        content: { "application/json": { schema: { $ref: `#/components/schemas/${ERROR_BODY}` } } },
      },
    },
  };
}

function requestBodyOf(route: BoundRoute, schemas: SchemaRegistry): Schema {
  if (route.body === undefined) return {};
  if (route.upload) return uploadBodyOf(route, schemas);
  const content: Record<string, Schema> = {};
  for (const encoding of route.bodyEncodings) {
    const style: SchemaStyle = {
      direction: "input",
      casing: "snake",
      nulls: "omit",
      binary: encoding === "multipart",
    };
    let schema: Schema;
    if (encoding === "text") schema = { type: "string" };
    else if (route.body === "*")
      schema = schemas.messageSchema(route.inputType, style, new Set(route.pathFields));
    else if (encoding === "json") schema = schemas.fieldSchema(route.body, style);
    else {
      const type = messageTypeOf(route.body);
      schema = type ? schemas.messageSchema(type, style) : schemas.fieldSchema(route.body, style);
    }
    content[MEDIA_TYPES[encoding]] = { schema };
  }
  return { requestBody: { required: false, description: "Keys in snake_case or camelCase", content } };
}

/** The header's fields as form fields (less those the file part fills), then the file. */
function uploadBodyOf(route: BoundRoute, schemas: SchemaRegistry): Schema {
  const upload = route.upload;
  if (!upload) return {};
  const style: SchemaStyle = { direction: "input", casing: "snake", nulls: "omit" };
  const fromFilePart = [upload.fileNameField, upload.contentTypeField].filter((field) => field !== undefined);
  const fields = schemas.messageSchema(
    upload.headerType,
    style,
    new Set([...route.pathFields, ...fromFilePart]),
  );
  const properties = {
    ...(fields.properties as Record<string, Schema> | undefined),
    [upload.fileField]: { type: "string", format: "binary", description: `At most ${upload.maxBytes} bytes` },
  };
  const schema = { type: "object", properties, required: [upload.fileField] };
  const description =
    "Streamed to the service as it arrives; the form fields must come before the file part. " +
    `A file over ${upload.maxBytes} bytes is refused with 413.`;
  return { requestBody: { required: true, description, content: { "multipart/form-data": { schema } } } };
}

function successResponse(route: BoundRoute, schemas: SchemaRegistry): Schema {
  if (route.successStatus === 204) return { description: "No content" };
  if (route.render === "http-body" || route.render === "http-body-stream") {
    const description =
      route.render === "http-body" ? "Raw bytes" : "Raw bytes, streamed as they are produced";
    return { description, content: { "*/*": { schema: { type: "string", format: "binary" } } } };
  }
  const style: SchemaStyle = { direction: "output", casing: route.casing, nulls: route.nulls };
  const schema =
    route.responseField && route.render !== "json-stream-object"
      ? schemas.fieldSchema(route.responseField, style)
      : schemas.messageRef(route.rpc.responseType, style);
  const description =
    route.render === "json-stream"
      ? "Success: one JSON array, streamed as the items are produced (a failure midway cuts the response)"
      : route.render === "json-stream-object"
        ? "Success: one JSON object whose list is streamed as its items are produced (a failure midway cuts the response)"
        : "Success";
  return { description, content: { "application/json": { schema } } };
}

function errorBodySchema(): Schema {
  return {
    type: "object",
    properties: { message: { type: "string" }, responseCode: { type: "integer", format: "int32" } },
    required: ["message", "responseCode"],
  };
}
