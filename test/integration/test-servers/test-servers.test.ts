/**
 * Every kind of test server starts on the path this run reports (`test servers: …`, the line
 * npm test prints first), answers as its kind should, and stops. Here no container engine
 * answers, so this is the Debian path: Debian's servers, s3rver and the API-server stand-in;
 * where one answers, the same tests run against the containers.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { CoreV1Api, KubeConfig } from "@kubernetes/client-node";
import test from "ava";
import { Client } from "minio";
import mysql from "mysql2/promise";
import pg from "pg";
import { probeContainerEngine } from "../../../tools/dev/fixtures/servers/container-engine.js";
import { startTestServer, testServerPath } from "../../../tools/dev/fixtures/servers/test-servers.js";

const run = promisify(execFile);
const SERVERS = join(import.meta.dirname, "..", "..", "..", "tools", "dev", "fixtures", "servers");
const SERVERS_CLI = join(SERVERS, "servers-cli.ts");
const TEST_SERVERS = join(SERVERS, "test-servers.ts");

test("the path is the one M3_TEST_SERVERS forces, else the engine probe's, and npm test's line names it", async (t) => {
  const forced = process.env.M3_TEST_SERVERS?.trim();
  const expected =
    forced === "containers" || forced === "debian"
      ? forced
      : (await probeContainerEngine()).answered
        ? "containers"
        : "debian";
  const { path } = await testServerPath();
  t.is(path, expected);
  const { stdout } = await run(process.execPath, ["--import", "tsx", SERVERS_CLI]);
  t.regex(stdout, new RegExp(`^test servers: ${path} \\(.+\\)\\n$`));
});

test("M3_TEST_SERVERS=debian starts the S3 and Kubernetes stand-ins whether or not an engine answers", async (t) => {
  const script = `
    import { startTestServer } from ${JSON.stringify(TEST_SERVERS)};
    for (const kind of ["s3", "kubernetes"]) {
      const server = await startTestServer(kind);
      console.log(kind, server.path, "standIn" in server ? server.standIn !== undefined : server.credentials.accessKey);
      await server.stop();
    }`;
  const { stdout } = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    env: { ...process.env, M3_TEST_SERVERS: "debian" },
  });
  t.is(stdout, "s3 debian S3RVER\nkubernetes debian true\n");
});

test("a MariaDB server on the reported path answers its root URL", async (t) => {
  const server = await startTestServer("mariadb");
  try {
    t.is(server.path, (await testServerPath()).path);
    const connection = await mysql.createConnection(`${server.rootUrl}/`);
    const [rows] = await connection.query("SELECT VERSION() AS version");
    await connection.end();
    t.regex((rows as { version: string }[])[0]?.version ?? "", /MariaDB/);
  } finally {
    await server.stop();
  }
});

test("a PostgreSQL server on the reported path answers its root URL", async (t) => {
  const server = await startTestServer("postgres");
  try {
    t.is(server.path, (await testServerPath()).path);
    const client = new pg.Client({ connectionString: `${server.rootUrl}/postgres` });
    await client.connect();
    const { rows } = await client.query<{ version: string }>("SELECT version()");
    await client.end();
    t.regex(rows[0]?.version ?? "", /^PostgreSQL/);
  } finally {
    await server.stop();
  }
});

test("an S3 server on the reported path keeps a bucket with its credentials", async (t) => {
  const server = await startTestServer("s3");
  try {
    t.is(server.path, (await testServerPath()).path);
    const endpoint = new URL(server.endpoint);
    const client = new Client({
      endPoint: endpoint.hostname,
      port: Number(endpoint.port),
      useSSL: false,
      pathStyle: true,
      ...server.credentials,
    });
    await client.makeBucket("m3-servers");
    t.true(await client.bucketExists("m3-servers"));
  } finally {
    await server.stop();
  }
});

test("a Kubernetes API on the reported path serves its kubeconfig; the stand-in is the Debian path's", async (t) => {
  const server = await startTestServer("kubernetes");
  try {
    const { path } = await testServerPath();
    t.is(server.path, path);
    t.is(server.standIn !== undefined, path === "debian");
    const config = new KubeConfig();
    config.loadFromString(server.kubeconfig);
    const core = config.makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: "m3-servers" } } });
    const names = (await core.listNamespace()).items.map((namespace) => namespace.metadata?.name);
    t.true(names.includes("m3-servers"));
  } finally {
    await server.stop();
  }
});
