/**
 * The backup's and the restore's MySQL connections against a real MariaDB: a connection broken
 * while no statement runs fails its next statement instead of ending the process (the driver
 * emits such an error on the connection, where nothing else would catch it).
 */
import type { Duplex } from "node:stream";
import test from "ava";
import type { Connection } from "mysql2";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { connect, type MysqlTarget, run } from "../../../tools/m3/backup/mysql-connection.js";

test.after.always(async () => {
  await stopPrivateMariaDb();
});

test("a connection whose socket breaks between statements fails the next one, and the process goes on", async (t) => {
  const target = parseDatabaseUrl(await createTestDatabase("m3_backup_connection")) as MysqlTarget;
  const connection = await connect(target);
  t.deepEqual(await run(connection, "SELECT 1 AS one"), [{ one: 1 }]);
  // As a write after the server ended the socket fails (a LOAD DATA's file still flowing). No
  // listener of the test's: the connection's own must take the error.
  const { stream } = connection as Connection & { stream: Duplex };
  const closed = new Promise((resolve) => stream.once("close", resolve));
  stream.destroy(new Error("This socket has been ended by the other party"));
  await closed;
  await t.throwsAsync(run(connection, "SELECT 1 AS one"), {
    message: /closed state|ended by the other party/,
  });
});
