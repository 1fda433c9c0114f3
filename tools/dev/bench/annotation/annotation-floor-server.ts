/**
 * The HTTP floor server of the annotation benchmark, run in its own process as m3 is:
 * node:http and a mysql2 pool on FLOOR_DATABASE_URL; GET /videoreference/{uuid} answers the
 * video's annotations as m3 does (annotation-floor-json.ts). Prints `floor listening on PORT`.
 */
import { createServer } from "node:http";
import mysql from "mysql2/promise";
import { floorVideoJson } from "./annotation-floor-json.js";

const uri = process.env.FLOOR_DATABASE_URL;
if (!uri) throw new Error("FLOOR_DATABASE_URL is required");
const pool = mysql.createPool({ uri, connectionLimit: 4, dateStrings: true });
const VIDEO_PATH = /^\/videoreference\/([0-9a-fA-F-]{36})$/;

const server = createServer((request, response) => {
  const video = VIDEO_PATH.exec(request.url ?? "")?.[1];
  if (!video) {
    response.writeHead(404).end();
    return;
  }
  floorVideoJson(pool, video).then(
    (body) =>
      response
        .writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) })
        .end(body),
    (error: unknown) => response.writeHead(500).end(String(error)),
  );
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`floor listening on ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
