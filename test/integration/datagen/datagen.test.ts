import test from "ava";
import mysql, { type Connection } from "mysql2/promise";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import {
  createTestDatabase,
  createTestUser,
  GRANTS_WITHOUT_TRIGGER,
  stopPrivateMariaDb,
} from "../../../tools/dev/fixtures/mariadb.js";
import { type DatagenResult, generateAnnotationData } from "../../../tools/m3/datagen/datagen.js";

test.after.always(stopPrivateMariaDb);

interface Generated {
  result: DatagenResult;
  annotationUrl: string;
  registryUrl: string;
  progress: number[];
}

/** One generated data set of 2,000 annotations (annotation and registry databases), shared by the tests. */
const generated: Promise<Generated> = (async () => {
  const annotationUrl = await createTestDatabase("m3_datagen_anno");
  const registryUrl = await createTestDatabase("m3_datagen_vam");
  const progress: number[] = [];
  const result = await generateAnnotationData({
    annotationTarget: parseDatabaseUrl(annotationUrl),
    registryTarget: parseDatabaseUrl(registryUrl),
    annotations: 2000,
    annotationsPerVideo: 250,
    chunkSize: 300,
    onProgress: (done) => progress.push(done),
  });
  return { result, annotationUrl, registryUrl, progress };
})();

async function withConnection<T>(url: string, work: (connection: Connection) => Promise<T>): Promise<T> {
  const connection = await mysql.createConnection(url);
  try {
    return await work(connection);
  } finally {
    await connection.end();
  }
}

async function scalar(connection: Connection, sql: string, params: unknown[] = []): Promise<number> {
  const [rows] = await connection.query(sql, params);
  return Number(Object.values((rows as Record<string, unknown>[])[0] ?? {})[0]);
}

test("the tables hold the generated rows: 2,000 observations and the counts it reports", async (t) => {
  const { result, annotationUrl, registryUrl, progress } = await generated;
  t.is(result.rows.observations, 2000);
  t.is(progress.at(-1), 2000);
  const counted: Record<string, number> = {};
  await withConnection(annotationUrl, async (connection) => {
    for (const table of [
      "imaged_moments",
      "observations",
      "associations",
      "image_references",
      "ancillary_data",
      "video_reference_information",
    ]) {
      counted[table] = await scalar(connection, `SELECT COUNT(*) FROM ${table}`);
    }
  });
  await withConnection(registryUrl, async (connection) => {
    for (const table of ["video_sequences", "videos", "video_references"]) {
      counted[table] = await scalar(connection, `SELECT COUNT(*) FROM ${table}`);
    }
  });
  t.deepEqual(counted, result.rows);
  t.is(counted.videos, 8);
  t.is(counted.video_sequences, 2);
  t.true((counted.imaged_moments ?? 0) < 2000 && (counted.imaged_moments ?? 0) > 1200);
  t.true((counted.ancillary_data ?? 0) > 0.9 * (counted.imaged_moments ?? 0));
});

test("the histogram counts hold every generated annotation, and their triggers are back", async (t) => {
  const { annotationUrl } = await generated;
  await withConnection(annotationUrl, async (connection) => {
    const days = () => scalar(connection, "SELECT SUM(annotations) FROM histogram_day_counts");
    t.is(await days(), 2000, "every generated moment has a recorded timestamp");
    t.is(
      await scalar(connection, "SELECT SUM(annotations) FROM histogram_depth_counts"),
      await scalar(
        connection,
        `SELECT COUNT(*) FROM observations o JOIN ancillary_data ad ON ad.imaged_moment_uuid = o.imaged_moment_uuid
          WHERE ad.depth_meters >= 0 AND ad.depth_meters < 4000`,
      ),
    );
    await connection.beginTransaction();
    await connection.query("DELETE FROM observations LIMIT 10");
    t.is(await days(), 1990);
    await connection.rollback();
    // The box index's triggers, set aside with the counts', are back too.
    const [boxTriggers] = await connection.query(
      "SELECT COUNT(*) AS n FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME LIKE '%box%'",
    );
    t.is(Number((boxTriggers as { n: number }[])[0]?.n), 7);
  });
});

test("every imaged moment's video reference exists in the registry, with its cached information", async (t) => {
  const { annotationUrl, registryUrl } = await generated;
  const registrySchema = parseDatabaseUrl(registryUrl);
  if (registrySchema.kind !== "mysql") throw new Error("MariaDB expected");
  await withConnection(annotationUrl, async (connection) => {
    t.is(
      await scalar(
        connection,
        `SELECT COUNT(*) FROM imaged_moments im LEFT JOIN \`${registrySchema.database}\`.video_references vr
           ON vr.uuid = im.video_reference_uuid WHERE vr.uuid IS NULL`,
      ),
      0,
    );
    t.is(
      await scalar(
        connection,
        `SELECT COUNT(DISTINCT im.video_reference_uuid) FROM imaged_moments im
           JOIN video_reference_information vri ON vri.video_reference_uuid = im.video_reference_uuid`,
      ),
      8,
    );
    t.is(
      await scalar(
        connection,
        "SELECT COUNT(*) FROM imaged_moments im LEFT JOIN observations o ON o.imaged_moment_uuid = im.uuid WHERE o.uuid IS NULL",
      ),
      0,
    );
  });
});

test("the concept mix is skewed and the reported concept has exactly 1% of the annotations", async (t) => {
  const { result, annotationUrl } = await generated;
  t.is(result.target.count, 20);
  await withConnection(annotationUrl, async (connection) => {
    const [rows] = await connection.query(
      "SELECT concept, COUNT(*) AS n FROM observations GROUP BY concept ORDER BY n DESC, concept",
    );
    const counts = (rows as { concept: string; n: number }[]).map((row) => ({ ...row, n: Number(row.n) }));
    t.deepEqual(counts[0], { concept: result.top.name, n: result.top.count });
    t.true(result.top.count > 5 * result.target.count);
    t.is(counts.find((row) => row.concept === result.target.name)?.n, 20);
    // The same count through the concept constraint's two branches (observation or association).
    t.is(
      await scalar(
        connection,
        `SELECT COUNT(*) FROM (SELECT uuid FROM observations WHERE concept = ?
           UNION SELECT observation_uuid FROM associations WHERE to_concept = ?) c`,
        [result.target.name, result.target.name],
      ),
      20,
    );
  });
});

test("it refuses to fill a database that already holds annotations", async (t) => {
  const { annotationUrl } = await generated;
  const error = await t.throwsAsync(
    generateAnnotationData({ annotationTarget: parseDatabaseUrl(annotationUrl), annotations: 10 }),
  );
  t.regex(error?.message ?? "", /not empty \(video_reference_information, imaged_moments/);
});

test("a database whose user may not make triggers is filled all the same, and left without them", async (t) => {
  const url = await createTestUser(
    await createTestDatabase("m3_datagen_untriggered"),
    GRANTS_WITHOUT_TRIGGER,
  );
  const result = await generateAnnotationData({
    annotationTarget: parseDatabaseUrl(url),
    annotations: 300,
    annotationsPerVideo: 100,
    chunkSize: 100,
  });
  t.is(result.rows.observations, 300);
  await withConnection(url, async (connection) => {
    t.is(await scalar(connection, "SELECT COUNT(*) FROM observations"), 300);
    t.is(
      await scalar(
        connection,
        "SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()",
      ),
      0,
    );
  });
});
