/**
 * The histogram counts on PostgreSQL: plpgsql triggers sharded by backend, so bulk writes from
 * several connections at once neither deadlock nor lose a count (histogram-counts-concurrency
 * holds MySQL to the same), and `m3 migrate`'s turning on makes a missing trigger again.
 */
import { randomUUID } from "node:crypto";
import test from "ava";
import pg from "pg";
import { openAnnotationStorage } from "../../../services/annotation/annotation-domain.js";
import { HistogramCountTriggersRepository } from "../../../services/annotation/query/repositories/histogram-count-triggers.repository.js";
import { HistogramCountsService } from "../../../services/annotation/query/services/histogram-counts.service.js";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";

test.after.always(stopPrivatePostgres);

const WRITERS = 3;
const ROUNDS = 5;
const MOMENTS = 300;
const NOW = "2020-01-01 00:00:00.000000";

/** `($1, $2, …), …`: one tuple of `width` markers per row, numbered from $1. */
function tuples(rows: number, width: number): string {
  return Array.from(
    { length: rows },
    (_, row) =>
      `(${Array.from({ length: width }, (_, column) => `$${row * width + column + 1}`).join(", ")})`,
  ).join(", ");
}

/** One transaction: moments on 28 days, their ancillary data at random depths, one observation each. */
async function writeBatch(client: pg.Client): Promise<void> {
  const moments = Array.from({ length: MOMENTS }, () => randomUUID());
  await client.query("BEGIN");
  try {
    await client.query(
      `INSERT INTO imaged_moments (uuid, video_reference_uuid, recorded_timestamp, last_updated_timestamp) VALUES ${tuples(MOMENTS, 4)}`,
      moments.flatMap((moment, i) => [
        moment,
        randomUUID(),
        `2020-01-${String(1 + (i % 28)).padStart(2, "0")}`,
        NOW,
      ]),
    );
    await client.query(
      `INSERT INTO ancillary_data (uuid, imaged_moment_uuid, depth_meters, last_updated_timestamp) VALUES ${tuples(MOMENTS, 4)}`,
      moments.flatMap((moment) => [randomUUID(), moment, Math.random() * 3000, NOW]),
    );
    await client.query(
      `INSERT INTO observations (uuid, imaged_moment_uuid, concept, observation_timestamp, last_updated_timestamp) VALUES ${tuples(MOMENTS, 5)}`,
      moments.flatMap((moment) => [randomUUID(), moment, "Aegina", NOW, NOW]),
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}

test("postgres: bulk writes from three connections at once, across many depths and days, all commit and all count", async (t) => {
  const url = await createPostgresTestDatabase("m3_histogram_concurrency");
  await (await openAnnotationStorage(parseDatabaseUrl(url))).close();
  const clients = Array.from({ length: WRITERS }, () => new pg.Client({ connectionString: url }));
  await Promise.all(clients.map((client) => client.connect()));
  try {
    const failures: string[] = [];
    await Promise.all(
      clients.map(async (client) => {
        for (let round = 0; round < ROUNDS; round++) {
          await writeBatch(client).catch((error: Error) => failures.push(error.message));
        }
      }),
    );
    t.deepEqual(failures, []);
    const [reader] = clients as [pg.Client];
    const { rows } = await reader.query<{ depth: string; days: string }>(
      `SELECT (SELECT SUM(annotations) FROM histogram_depth_counts) AS depth,
              (SELECT SUM(annotations) FROM histogram_day_counts) AS days`,
    );
    const written = WRITERS * ROUNDS * MOMENTS;
    t.deepEqual([Number(rows[0]?.depth), Number(rows[0]?.days)], [written, written]);
    const writerShards = await Promise.all(
      clients.map(
        async (client) => (await client.query("SELECT pg_backend_pid() % 8 AS shard")).rows[0]?.shard,
      ),
    );
    const counted = await reader.query<{ shard: number }>(
      "SELECT DISTINCT writer_shard AS shard FROM histogram_day_counts ORDER BY shard",
    );
    t.deepEqual(
      counted.rows.map((row) => row.shard),
      [...new Set(writerShards)].sort(),
      "each writer adds to its own backend's shard",
    );
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
});

test("postgres: turning the counts on makes a missing trigger and its function again, and recounts", async (t) => {
  const storage = await openAnnotationStorage(
    parseDatabaseUrl(await createPostgresTestDatabase("m3_histogram_turn_on")),
  );
  try {
    const triggers = new HistogramCountTriggersRepository(storage);
    t.deepEqual(await triggers.missing(), []);
    await storage.transaction(async (manager) => {
      await manager.query("DROP TRIGGER trg_observations__histogram_insert ON observations");
      await manager.query("DROP FUNCTION trg_observations__histogram_insert()");
    });
    t.deepEqual(await triggers.missing(), ["trg_observations__histogram_insert"]);
    t.is(await new HistogramCountsService(triggers).turnOn(), "turned-on");
    t.deepEqual(await triggers.missing(), []);
    t.is(await new HistogramCountsService(triggers).turnOn(), "kept");
  } finally {
    await storage.close();
  }
});
