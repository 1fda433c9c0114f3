/**
 * `m3 datagen` into PostgreSQL: the annotation and registry tables in one database, as `npm
 * start` with one M3_DATABASE_URL puts them, filled, with the histogram counts' triggers made
 * again and the counts recounted (datagen.test.ts holds MariaDB to the same).
 */
import test from "ava";
import pg from "pg";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { type DatagenResult, generateAnnotationData } from "../../../tools/m3/datagen/datagen.js";

test.after.always(stopPrivatePostgres);

const TABLES = [
  "imaged_moments",
  "observations",
  "associations",
  "image_references",
  "ancillary_data",
  "video_reference_information",
  "video_sequences",
  "videos",
  "video_references",
];

/** One generated data set of 2,000 annotations, annotation and registry in one database. */
const generated: Promise<{ result: DatagenResult; url: string }> = (async () => {
  const url = await createPostgresTestDatabase("m3_datagen");
  const target = parseDatabaseUrl(url);
  const result = await generateAnnotationData({
    annotationTarget: target,
    registryTarget: target,
    annotations: 2000,
    annotationsPerVideo: 250,
    chunkSize: 300,
  });
  return { result, url };
})();

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function scalar(client: pg.Client, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await client.query(sql, params);
  return Number(Object.values((rows as Record<string, unknown>[])[0] ?? {})[0]);
}

test("the tables hold the generated rows: 2,000 observations and the counts it reports", async (t) => {
  const { result, url } = await generated;
  t.is(result.rows.observations, 2000);
  const counted: Record<string, number> = {};
  await withClient(url, async (client) => {
    for (const table of TABLES) counted[table] = await scalar(client, `SELECT COUNT(*) FROM ${table}`);
    t.is(
      await scalar(
        client,
        `SELECT COUNT(*) FROM imaged_moments im LEFT JOIN video_references vr
           ON vr.uuid = im.video_reference_uuid WHERE vr.uuid IS NULL`,
      ),
      0,
      "every moment's video reference is in the registry",
    );
  });
  t.deepEqual(counted, result.rows);
  t.is(counted.videos, 8);
  t.is(counted.video_sequences, 2);
});

test("the histogram counts hold every generated annotation, and their triggers keep them again", async (t) => {
  const { url } = await generated;
  await withClient(url, async (client) => {
    const days = () => scalar(client, "SELECT SUM(annotations) FROM histogram_day_counts");
    t.is(await days(), 2000, "every generated moment has a recorded timestamp");
    t.is(
      await scalar(client, "SELECT SUM(annotations) FROM histogram_depth_counts"),
      await scalar(
        client,
        `SELECT COUNT(*) FROM observations o JOIN ancillary_data ad ON ad.imaged_moment_uuid = o.imaged_moment_uuid
          WHERE ad.depth_meters >= 0 AND ad.depth_meters < 4000`,
      ),
    );
    await client.query("BEGIN");
    await client.query("DELETE FROM observations WHERE uuid IN (SELECT uuid FROM observations LIMIT 10)");
    t.is(await days(), 1990);
    await client.query("ROLLBACK");
  });
});

test("the concept mix is skewed and the reported concept has exactly 1% of the annotations", async (t) => {
  const { result, url } = await generated;
  t.is(result.target.count, 20);
  await withClient(url, async (client) => {
    t.is(
      await scalar(client, "SELECT COUNT(*) FROM observations WHERE concept = $1", [result.top.name]),
      result.top.count,
    );
    t.is(
      await scalar(client, "SELECT COUNT(*) FROM observations WHERE concept = $1", [result.target.name]),
      20,
    );
  });
});

test("it refuses to fill a PostgreSQL database that already holds annotations", async (t) => {
  const { url } = await generated;
  const error = await t.throwsAsync(
    generateAnnotationData({ annotationTarget: parseDatabaseUrl(url), annotations: 10 }),
  );
  t.regex(error?.message ?? "", /not empty \(video_reference_information, imaged_moments/);
});
