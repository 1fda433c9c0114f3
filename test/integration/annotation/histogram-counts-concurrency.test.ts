/**
 * The triggers that keep the histogram counts must not make concurrent bulk writes lock each
 * other: a first version, which counted a moment's observations with locking reads of the
 * observations index, deadlocked 34 of 45 such transactions. MySQL only: SQLite has one writer.
 */
import { randomUUID } from "node:crypto";
import test from "ava";
import mysql from "mysql2/promise";
import { openAnnotationStorage } from "../../../services/annotation/annotation-domain.js";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";

test.after.always(stopPrivateMariaDb);

const WRITERS = 3;
const ROUNDS = 5;
const MOMENTS = 300;
const NOW = "2020-01-01 00:00:00.000000";

/** One transaction: moments on 28 days, their ancillary data at random depths, one observation each. */
async function writeBatch(connection: mysql.Connection): Promise<void> {
  const moments = Array.from({ length: MOMENTS }, () => randomUUID());
  await connection.beginTransaction();
  try {
    await connection.query(
      "INSERT INTO imaged_moments (uuid, video_reference_uuid, recorded_timestamp, last_updated_timestamp) VALUES ?",
      [
        moments.map((moment, i) => [
          moment,
          randomUUID(),
          `2020-01-${String(1 + (i % 28)).padStart(2, "0")}`,
          NOW,
        ]),
      ],
    );
    await connection.query(
      "INSERT INTO ancillary_data (uuid, imaged_moment_uuid, depth_meters, last_updated_timestamp) VALUES ?",
      [moments.map((moment) => [randomUUID(), moment, Math.random() * 3000, NOW])],
    );
    await connection.query(
      "INSERT INTO observations (uuid, imaged_moment_uuid, concept, observation_timestamp, last_updated_timestamp) VALUES ?",
      [moments.map((moment) => [randomUUID(), moment, "Aegina", NOW, NOW])],
    );
    await connection.commit();
  } catch (error) {
    await connection.rollback();
    throw error;
  }
}

test("mysql: bulk writes from three connections at once, across many depths and days, all commit and all count", async (t) => {
  const url = await createTestDatabase("m3_histogram_concurrency");
  await (await openAnnotationStorage(parseDatabaseUrl(url))).close();
  const connections = await Promise.all(
    Array.from({ length: WRITERS }, () => mysql.createConnection({ uri: url })),
  );
  try {
    const failures: string[] = [];
    await Promise.all(
      connections.map(async (connection) => {
        for (let round = 0; round < ROUNDS; round++) {
          await writeBatch(connection).catch((error: Error) => failures.push(error.message));
        }
      }),
    );
    t.deepEqual(failures, []);
    const [reader] = connections as [mysql.Connection];
    const [[counted]] = (await reader.query(
      `SELECT (SELECT SUM(annotations) FROM histogram_depth_counts) AS depth,
              (SELECT SUM(annotations) FROM histogram_day_counts) AS days`,
    )) as unknown as [[{ depth: string; days: string }]];
    const written = WRITERS * ROUNDS * MOMENTS;
    t.deepEqual([Number(counted.depth), Number(counted.days)], [written, written]);
  } finally {
    await Promise.all(connections.map((connection) => connection.end()));
  }
});
