/**
 * Issue 16: a field the spec (or, where it is silent, the legacy request class) requires is
 * required on every route. For each row of the table and each required field, the valid
 * request minus that field (as JSON and, where the route takes forms, as a form) answers 400
 * naming the field and changes nothing; the whole valid request succeeds.
 */
import { randomBytes } from "node:crypto";
import test, { type ExecutionContext } from "ava";
import type { RouteSpec } from "../../../gateway/src/engine/route-spec.js";
import { allServiceRoutes } from "../../../gateway/src/routes/index.js";
import type { MethodAccess } from "../../../services/kit/grpc/method-access.js";
import { HttpClient, type HttpReply } from "../../../tools/dev/fixtures/http-client.js";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { loginAs } from "../../support/e2e/kb-people.js";
import {
  BACKENDS,
  type Backend,
  startTestPlatform,
  type TestPlatform,
} from "../../support/e2e/test-platform.js";
import { REQUIRED_FIELDS_TABLE, watchedPaths } from "./required-fields.table.js";
import type {
  CreatedFixture,
  Fixture,
  RequiredFieldsRow,
  RowContext,
  ValidRequest,
} from "./required-fields.types.js";

const ADMIN = { M3_ADMIN_USER: "admin", M3_ADMIN_PASSWORD: randomBytes(8).toString("hex") };
const platforms = new Map<Backend, { platform: TestPlatform; ctx: RowContext }>();

test.before(async () => {
  for (const backend of BACKENDS) {
    const platform = await startTestPlatform(backend, ADMIN);
    const http = new HttpClient(platform.http.baseUrl, platform.apiKey);
    const kbAdmin = await loginAs(http, ADMIN.M3_ADMIN_USER, ADMIN.M3_ADMIN_PASSWORD);
    const root = await http.post("/kb/v1/concept", { auth: kbAdmin, json: { name: "object" } });
    if (root.status !== 200) throw new Error(`no kb root: ${root.status} ${root.text}`);
    const ctx = { http, kbAdmin, apiKeyToken: `Bearer ${await http.token()}`, kbRoot: "object" };
    platforms.set(backend, { platform, ctx });
  }
});
test.after.always(async () => {
  await Promise.allSettled([...platforms.values()].map(({ platform }) => platform.stop()));
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
});

function routeOf(row: RequiredFieldsRow): RouteSpec | undefined {
  for (const service of allServiceRoutes) {
    for (const route of service.routes) {
      if (route.method === row.method && `${service.basePath}${route.path}` === row.route) return route;
    }
  }
  return undefined;
}

/** Who may call a route's rpc, as its domain declares it. */
function accessOf(route: RouteSpec): MethodAccess | undefined {
  return allServiceRoutes.find((service) => service.routes.includes(route))?.access.get(route.rpc);
}

/** The valid request without one required field: a key, a query parameter or a list item's key. */
function without(request: ValidRequest, field: string): ValidRequest {
  if (request.query && field in request.query) {
    const { [field]: _dropped, ...query } = request.query;
    return { ...request, query };
  }
  const body = request.body;
  if (Array.isArray(body)) {
    const item = /^\w+\[(\d+)\]\.(\w+)$/.exec(field);
    if (!item) return { ...request, body: [] };
    const index = Number(item[1]);
    const { [item[2] as string]: _dropped, ...rest } = body[index] as Record<string, unknown>;
    return { ...request, body: body.map((value, i) => (i === index ? rest : value)) };
  }
  const { [field]: _dropped, ...rest } = body ?? {};
  return { ...request, body: rest };
}

type Encoding = "json" | "form" | "none";

/** JSON always; form too when the route takes forms and every body value is a scalar. */
function encodingsOf(route: RouteSpec, request: ValidRequest): Encoding[] {
  if (!route.body || request.body === undefined) return ["none"];
  const body = request.body;
  const flat =
    !Array.isArray(body) &&
    Object.values(body).every((value) => ["string", "number", "boolean"].includes(typeof value));
  const forms = (route.bodyEncodings ?? ["json", "form"]).includes("form");
  return flat && forms ? ["json", "form"] : ["json"];
}

function send(
  ctx: RowContext,
  method: string,
  request: ValidRequest,
  encoding: Encoding,
  auth?: string,
): Promise<HttpReply> {
  const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : "";
  const body = request.body;
  if (encoding === "form") {
    const form = Object.fromEntries(Object.entries(body ?? {}).map(([key, value]) => [key, String(value)]));
    return ctx.http.request(method, `${request.path}${query}`, { form, auth });
  }
  return ctx.http.request(method, `${request.path}${query}`, {
    json: encoding === "json" ? body : undefined,
    auth,
  });
}

/** The setup's values; reading one it did not create is a mistake in the table. */
function strict(created: CreatedFixture): Fixture {
  return new Proxy(created, {
    get(values, key) {
      if (typeof key === "string" && !(key in values)) throw new Error(`the row's setup created no ${key}`);
      return Reflect.get(values, key);
    },
  }) as Fixture;
}

async function snapshot(ctx: RowContext, paths: string[]): Promise<unknown[]> {
  const replies = await Promise.all(paths.map((path) => ctx.http.get(path, { auth: ctx.kbAdmin })));
  return replies.map((reply, i) => ({
    path: paths[i],
    status: reply.status,
    body: reply.json ?? reply.text,
  }));
}

async function checkRow(t: ExecutionContext, backend: Backend, row: RequiredFieldsRow): Promise<void> {
  const route = routeOf(row);
  if (!route) return t.fail(`${row.method} ${row.route} is not in the route tables`);
  const entry = platforms.get(backend);
  if (!entry) throw new Error(`the ${backend} platform did not start`);
  const { ctx } = entry;
  const auth =
    accessOf(route) === "jwt" ? (row.route.startsWith("/kb/") ? ctx.kbAdmin : ctx.apiKeyToken) : undefined;
  const fixture = strict(row.setup ? await row.setup(ctx) : {});
  const valid = row.request(fixture, ctx);
  const watched = [...watchedPaths(row.route), ...(row.watch?.(fixture) ?? [])];
  const before = await snapshot(ctx, watched);
  const encodings: Encoding[] = encodingsOf(route, valid);
  for (const field of row.required) {
    for (const encoding of encodings) {
      const refused = await send(ctx, row.method, without(valid, field), encoding, auth);
      const where: string = `without ${field} (${encoding})`;
      t.is(refused.status, 400, `${where}: ${refused.text}`);
      t.deepEqual(refused.json, { message: `${field} is required`, responseCode: 400 }, where);
    }
  }
  t.deepEqual(await snapshot(ctx, watched), before, "a refused request changed nothing");
  const accepted = await send(ctx, row.method, valid, encodings[0] ?? "json", auth);
  t.is(accepted.status, route.successStatus ?? 200, `the valid request: ${accepted.text}`);
}

for (const row of REQUIRED_FIELDS_TABLE) {
  const fields = row.required.length > 0 ? row.required.join(", ") : "no field";
  for (const backend of BACKENDS) {
    test.serial(`${backend}: ${row.method} ${row.route} requires ${fields} (${row.source})`, (t) =>
      checkRow(t, backend, row),
    );
  }
}
