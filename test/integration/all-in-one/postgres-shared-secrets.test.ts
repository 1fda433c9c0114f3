/**
 * On a shared PostgreSQL database the generated secrets are kept in it, as on MySQL: the first
 * process stores them, every later (or simultaneous) one reads the same back.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { loadGeneratedSecrets } from "../../../tools/m3/all-in-one/secrets.js";

const dataDir = mkdtempSync(join(tmpdir(), "m3-pg-secrets-"));
test.after.always(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await stopPrivatePostgres();
});

test("the first start on a PostgreSQL database keeps its secrets there; the next ones read the same", async (t) => {
  const url = await createPostgresTestDatabase("m3_secrets");
  const first = await loadGeneratedSecrets(url, dataDir);
  t.true(first.created);
  t.regex(first.where, /table m3_generated_secrets/);
  const second = await loadGeneratedSecrets(url, dataDir);
  t.false(second.created);
  t.deepEqual(second.secrets, first.secrets);
});

test("starts at the same moment on a PostgreSQL database that does not exist yet agree on one set of secrets", async (t) => {
  // A database name not made yet: the first start creates it.
  const url = `${(await createPostgresTestDatabase("m3_secrets")).replace(/\/[^/]+$/, "")}/m3_secrets_new_${Date.now()}`;
  const starts = await Promise.all([1, 2, 3].map(() => loadGeneratedSecrets(url, dataDir)));
  t.true(starts.some((start) => start.created));
  for (const start of starts) t.deepEqual(start.secrets, starts[0]?.secrets);
});
