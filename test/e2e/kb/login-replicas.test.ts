/**
 * The login limit across kb replicas: two kb processes over one database, each behind its own
 * gateway process. Failed logins of one user spread over both reach the limit together, and the
 * next login is refused on either, with the same 429 answer a single kb gives.
 */
import test from "ava";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { type KbReplicas, startKbReplicas } from "../../support/kb/kb-replicas.js";

const PASSWORD = "replicas-admin-pw";
const ENV = {
  M3_ADMIN_USER: "admin",
  M3_ADMIN_PASSWORD: PASSWORD,
  M3_KB_LOGIN_MAX_FAILURES_PER_USER: "4",
  M3_KB_LOGIN_WINDOW_SECONDS: "120",
};
const DATABASES = {
  mysql: () => createTestDatabase("m3_kb_replicas"),
  postgres: () => createPostgresTestDatabase("m3_kb_replicas"),
  sqlite: async () => undefined,
} as const;

const running: KbReplicas[] = [];
test.after.always(async () => {
  for (const replicas of running) await replicas.stop();
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
});

function login(base: string, password: string): Promise<Response> {
  const basic = Buffer.from(`admin:${password}`).toString("base64");
  return fetch(`${base}/kb/v1/auth/login`, { method: "POST", headers: { authorization: `Basic ${basic}` } });
}

for (const [backend, database] of Object.entries(DATABASES)) {
  test.serial(`${backend}: failed logins spread over two kb replicas reach the limit on both`, async (t) => {
    const replicas = await startKbReplicas(2, { databaseUrl: await database(), env: ENV });
    running.push(replicas);
    const [first, second] = replicas.bases as [string, string];
    t.is((await login(second, PASSWORD)).status, 200, "the right password logs in before any failure");
    for (const base of [first, second, first, second]) t.is((await login(base, "a-guess")).status, 401);
    for (const base of [first, second]) {
      const refused = await login(base, PASSWORD);
      t.is(refused.status, 429, `${base} refuses even the right password`);
      t.regex(refused.headers.get("retry-after") ?? "", /^\d+$/);
      const body = (await refused.json()) as { message: string };
      t.regex(body.message, /^Too many failed logins; try again in \d+ seconds$/);
    }
  });
}
