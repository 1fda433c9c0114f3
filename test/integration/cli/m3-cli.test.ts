/**
 * The `m3` command line as a script or an operator runs it (tools/m3/cli/m3.mjs, the package's
 * bin): kb import with its progress, users, a token, health, migrate, on a SQLite data folder
 * of its own; each with --json for scripts and exit code 1 with a message on failure.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import test from "ava";
import { decodeProtectedHeader } from "jose";
import { signingKeyId, TokenService } from "../../../services/kit/auth/token-service.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";

const run = promisify(execFile);
const M3 = join(import.meta.dirname, "..", "..", "..", "tools", "m3", "cli", "m3.mjs");
const dataDir = mkdtempSync(join(tmpdir(), "m3-cli-"));
const SECRET = "cli-test-signing-secret";

test.after.always(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await stopPrivatePostgres();
});

function m3(...args: string[]) {
  return run(process.execPath, [M3, ...args], {
    env: {
      ...process.env,
      M3_DATA_DIR: dataDir,
      M3_DATABASE_URL: "",
      M3_KB_DATABASE_URL: "",
      M3_SIGNING_SECRET: SECRET,
    },
  });
}

test.serial(
  "m3 kb import loads the real kb into the data folder's kb once, then leaves it alone",
  async (t) => {
    const first = await m3("kb", "import", "--json");
    t.like(JSON.parse(first.stdout), { imported: true, counts: { concepts: 4092 } });
    const second = await m3("kb", "import");
    t.regex(second.stdout, /the kb already has a root concept: nothing imported/);
  },
);

test("m3 kb import loads the real kb into a PostgreSQL kb (M3_KB_DATABASE_URL) once, then leaves it alone", async (t) => {
  const url = await createPostgresTestDatabase("m3_cli_kb");
  const importIntoPostgres = () =>
    run(process.execPath, [M3, "kb", "import", "--json"], {
      env: { ...process.env, M3_DATA_DIR: dataDir, M3_DATABASE_URL: "", M3_KB_DATABASE_URL: url },
    });
  t.like(JSON.parse((await importIntoPostgres()).stdout), { imported: true, counts: { concepts: 4092 } });
  t.like(JSON.parse((await importIntoPostgres()).stdout), { imported: false });
});

test.serial("m3 users adds a user with a generated password, lists it and resets its password", async (t) => {
  const added = JSON.parse((await m3("users", "add", "ann", "--role", "Maint", "--json")).stdout);
  t.like(added, { username: "ann", role: "Maint" });
  t.regex(added.password, /^[\w-]{16}$/);
  const listed = JSON.parse((await m3("users", "list", "--json")).stdout) as {
    username: string;
    role: string;
  }[];
  t.true(listed.some((user) => user.username === "ann" && user.role === "Maint"));
  const reset = await m3("users", "reset-password", "ann", "--password", "new-secret-1");
  t.is(reset.stdout.trim(), "password of ann reset");
  const error = await t.throwsAsync(m3("users", "add", "ann", "--password", "x"));
  t.is((error as { code?: number }).code, 1);
  t.regex((error as { stderr?: string }).stderr ?? "", /^m3: .*already exists/m);
});

test.serial("m3 token mints the token the API key exchange would give, with the current kid", async (t) => {
  const { stdout } = await m3("token", "--domain", "annotation", "--json");
  const { token_type, access_token } = JSON.parse(stdout) as { token_type: string; access_token: string };
  t.is(token_type, "Bearer");
  t.is(decodeProtectedHeader(access_token).kid, signingKeyId(SECRET));
  const tokens = new TokenService({ signingSecret: SECRET, issuer: "http://www.mbari.org" });
  await t.notThrowsAsync(tokens.verifyClaims(access_token));
});

test.serial("m3 migrate brings every domain with a database up to date", async (t) => {
  const migrated = JSON.parse((await m3("migrate", "--json")).stdout) as { domain: string }[];
  t.deepEqual(migrated.map(({ domain }) => domain).sort(), ["annotation", "kb", "registry"]);
});

test.serial(
  "m3 backup writes an archive that m3 restore loads into an empty data folder, refusing a full one",
  async (t) => {
    const archive = join(dataDir, "archive.jsonl.gz");
    const backup = JSON.parse((await m3("backup", "--output", archive, "--json")).stdout) as { rows: number };
    t.true(backup.rows > 18_000, `${backup.rows} rows: the real kb and its users`);
    const elsewhere = mkdtempSync(join(tmpdir(), "m3-cli-restore-"));
    t.teardown(() => rmSync(elsewhere, { recursive: true, force: true }));
    const restore = (...args: string[]) =>
      run(process.execPath, [M3, "restore", "--input", archive, "--json", ...args], {
        env: { ...process.env, M3_DATA_DIR: elsewhere, M3_DATABASE_URL: "", M3_KB_DATABASE_URL: "" },
      });
    const restored = JSON.parse((await restore()).stdout) as { rows: number };
    t.is(restored.rows, backup.rows);
    const refused = await t.throwsAsync(restore());
    t.regex((refused as { stderr?: string }).stderr ?? "", /^m3: .*--force/m);
    t.is(JSON.parse((await restore("--force")).stdout).rows, backup.rows);
  },
);

test.serial("m3 health exits 1 and says so when the gateway does not answer", async (t) => {
  const error = await t.throwsAsync(
    m3("health", "--url", "http://127.0.0.1:9", "--timeout", "1000", "--json"),
  );
  t.is((error as { code?: number }).code, 1);
  t.like(JSON.parse((error as unknown as { stdout: string }).stdout), { status: "unreachable" });
});

test.serial("m3 without a known command says what it knows", async (t) => {
  const error = await t.throwsAsync(m3("frobnicate"));
  t.regex((error as { stderr?: string }).stderr ?? "", /unknown command 'frobnicate'/);
});
