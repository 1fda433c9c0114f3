/**
 * The floor of `GET /vam/v1/media/videoreference/{uuid}` as the issue defines it: node:http and
 * the bare database driver running the same SELECT the registry runs, answering the row as JSON,
 * nothing else (no framework, no RPC, no ORM). Runs as its own process, like the server it is
 * compared with: `FLOOR_DATABASE_URL` is `sqlite:<file>` (better-sqlite3, read-only, as the
 * registry opens it: WAL) or `mysql://…` (a mysql2 pool of 10). It prints
 * `{"port":N}` once it listens on a free loopback port.
 */
import { createServer } from "node:http";
import { parseDatabaseUrl } from "../../../../services/kit/storage/database-url.js";
import { MEDIA_BY_REFERENCE } from "./registry-floor.js";

const PATH = /^\/media\/([0-9a-f-]{36})$/;

const url = process.env.FLOOR_DATABASE_URL;
if (!url) throw new Error("FLOOR_DATABASE_URL is required");
const target = parseDatabaseUrl(url);

async function mediaReader(): Promise<(uuid: string) => Promise<unknown>> {
  if (target.kind === "sqlite") {
    const { default: Database } = await import("better-sqlite3");
    const statement = new Database(target.file, { readonly: true, fileMustExist: true }).prepare(
      MEDIA_BY_REFERENCE,
    );
    return async (uuid) => statement.get(uuid);
  }
  const mysql = await import("mysql2/promise");
  const pool = mysql.createPool({ uri: url, connectionLimit: 10, dateStrings: true });
  return async (uuid) => ((await pool.query(MEDIA_BY_REFERENCE, [uuid]))[0] as unknown[])[0];
}

const readMedia = await mediaReader();
const server = createServer(async (request, response) => {
  const uuid = PATH.exec(request.url ?? "")?.[1];
  const row = uuid ? await readMedia(uuid) : undefined;
  response.writeHead(row ? 200 : 404, { "content-type": "application/json" });
  response.end(JSON.stringify(row ?? { message: "not found" }));
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 }));
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
