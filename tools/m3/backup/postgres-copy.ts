import { finished } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

/**
 * Runs one `COPY … FROM STDIN` whose data is known when it is sent, through pg-copy-streams
 * (node-postgres's COPY streams): resolves with the rows the server stored once it has stored
 * them (the stream finishes after the server's answer), or rejects with the server's error.
 */
export async function copyFromStdin(client: pg.ClientBase, sql: string, data: Buffer): Promise<number> {
  const stream = client.query(copyFrom(sql));
  stream.end(data);
  await finished(stream);
  return stream.rowCount;
}
