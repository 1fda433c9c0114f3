/**
 * Two `npm start` processes on one MariaDB or PostgreSQL database, neither given secrets: the first keeps
 * the secrets it generates in the database and the second uses them, so a token issued by one
 * is accepted by the other and both know the same administrator. On SQLite, two processes on one
 * data directory share its secrets file the same way.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import mysql from "mysql2/promise";
import pg from "pg";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { type StartedScript, startNodeScript, stopChild } from "../../../tools/dev/fixtures/node-process.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { storeOrReadPostgresSecrets } from "../../../tools/m3/all-in-one/postgres-shared-secrets.repository.js";
import { storeOrReadSecrets } from "../../../tools/m3/all-in-one/shared-secrets.repository.js";

const MAIN = join(import.meta.dirname, "..", "..", "..", "tools", "m3", "all-in-one", "main.ts");
const started: StartedScript[] = [];
const dataDirs: string[] = [];

test.after.always(async () => {
  await Promise.allSettled(started.map(({ child }) => stopChild(child)));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
});

type Candidates = Record<string, string>;
/** The database servers that keep an installation's secrets: a fresh database, and their store. */
const SERVERS = {
  mariadb: {
    createDatabase: (prefix: string) => createTestDatabase(prefix),
    store: async (url: string, candidates: Candidates) => {
      const target = parseDatabaseUrl(url);
      if (target.kind !== "mysql") throw new Error("a MySQL target was expected");
      return storeOrReadSecrets(target, candidates);
    },
  },
  postgres: {
    createDatabase: (prefix: string) => createPostgresTestDatabase(prefix),
    store: async (url: string, candidates: Candidates) => {
      const target = parseDatabaseUrl(url);
      if (target.kind !== "postgres") throw new Error("a PostgreSQL target was expected");
      return storeOrReadPostgresSecrets(target, candidates);
    },
  },
};

/** An all-in-one on the given MySQL or PostgreSQL database, or on the embedded SQLite files of dataDir. */
async function startAllInOne(databaseUrl: string | undefined, dataDir = newDataDir()): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    PORT: "0",
    M3_HOST: "127.0.0.1",
    M3_DATA_DIR: dataDir,
    M3_LOG_LEVEL: "warn",
    M3_LOG_FORMAT: "json",
    ...(databaseUrl ? { M3_DATABASE_URL: databaseUrl } : {}),
  };
  const script = await startNodeScript(MAIN, env, "m3 is running at");
  started.push(script);
  const port = /:(\d+)\s*$/.exec(script.readyLine)?.[1];
  if (!port) throw new Error(`no port in ${script.readyLine}`);
  return `http://127.0.0.1:${port}`;
}

function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-shared-secrets-"));
  dataDirs.push(dataDir);
  return dataDir;
}

async function storedSecrets(databaseUrl: string): Promise<Record<string, string>> {
  const rows = databaseUrl.startsWith("postgres")
    ? await postgresRows(databaseUrl)
    : await mysqlRows(databaseUrl);
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}

type SecretRow = { name: string; value: string };
const SELECT_SECRETS = "SELECT name, value FROM m3_generated_secrets";

async function mysqlRows(databaseUrl: string): Promise<SecretRow[]> {
  const connection = await mysql.createConnection(databaseUrl);
  try {
    return (await connection.query(SELECT_SECRETS))[0] as SecretRow[];
  } finally {
    await connection.end();
  }
}

async function postgresRows(databaseUrl: string): Promise<SecretRow[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<SecretRow>(SELECT_SECRETS)).rows;
  } finally {
    await client.end();
  }
}

/** Creates a video sequence through `second` with a token that `first` issued; the answer's status. */
async function writeWithTokenOfOther(
  first: string,
  second: string,
  apiKey: string,
  name: string,
): Promise<number> {
  const auth = await fetch(`${first}/vam/v1/auth`, {
    method: "POST",
    headers: { Authorization: `APIKEY ${apiKey}` },
  });
  const { access_token: token } = (await auth.json()) as { access_token: string };
  const write = await fetch(`${second}/vam/v1/videosequences`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: new URLSearchParams({ name, camera_id: "cam" }),
  });
  await write.arrayBuffer();
  return write.status;
}

test("two processes started together on one SQLite data directory share its secrets file: a token of one is accepted by the other", async (t) => {
  const dataDir = newDataDir();
  const [first, second] = await Promise.all([
    startAllInOne(undefined, dataDir),
    startAllInOne(undefined, dataDir),
  ]);
  const secrets = JSON.parse(readFileSync(join(dataDir, "secrets.json"), "utf8")) as Record<string, string>;

  t.is(await writeWithTokenOfOther(first, second, secrets.apiKey ?? "", "shared-data-dir-dive"), 200);
  const read = await fetch(`${first}/vam/v1/videosequences/name/shared-data-dir-dive`);
  t.is(read.status, 200, "a write through one process is read through the other");
});

for (const server of Object.keys(SERVERS) as (keyof typeof SERVERS)[]) {
  test(`${server}: two processes on one database share the generated secrets: a token of one is accepted by the other`, async (t) => {
    const databaseUrl = await SERVERS[server].createDatabase("m3_shared_secrets");
    const first = await startAllInOne(databaseUrl);
    const second = await startAllInOne(databaseUrl);
    const secrets = await storedSecrets(databaseUrl);
    t.deepEqual(Object.keys(secrets).sort(), ["adminPassword", "apiKey", "signingSecret"]);

    t.is(await writeWithTokenOfOther(first, second, secrets.apiKey ?? "", "shared-secrets-dive"), 200);

    const basic = `Basic ${Buffer.from(`admin:${secrets.adminPassword}`).toString("base64")}`;
    for (const origin of [first, second]) {
      const login = await fetch(`${origin}/kb/v1/auth/login`, {
        method: "POST",
        headers: { Authorization: basic },
      });
      t.is(login.status, 200, origin);
    }
  });

  test(`${server}: processes racing to store their secrets all end up with the first one stored`, async (t) => {
    const { createDatabase, store } = SERVERS[server];
    const url = await createDatabase("m3_secret_race");
    const answers = await Promise.all(
      ["a", "b", "c", "d"].map((candidate) => store(url, { apiKey: candidate, signingSecret: candidate })),
    );
    const [winner] = answers;
    t.true(["a", "b", "c", "d"].includes(winner?.apiKey ?? ""));
    t.is(winner?.signingSecret, winner?.apiKey, "one process's secrets, not a mix");
    for (const answer of answers) t.deepEqual(answer, winner);
  });
}
