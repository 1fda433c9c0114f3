import test from "ava";
import pg from "pg";
import { verifyPassword } from "../../../services/kb/people/services/password-hash.js";
import { Instant } from "../../../services/kit/time/instant.js";
import { buildLegacySite, type LegacySite } from "../../../tools/dev/fixtures/legacy-site/legacy-site.js";
import { changeLegacySite } from "../../../tools/dev/fixtures/legacy-site/legacy-site-changes.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { DEFAULT_KB_DUMP, readKbDump } from "../../../tools/m3/kb-import/kb-import.js";

test.after.always(stopPrivatePostgres);

const ANNOTATIONS = 2000;

/** Two sites of the same seed and chunks (audit revisions are per chunk), one in each layout. */
const sites = (async () => {
  const progress: number[] = [];
  const quickstart = await buildLegacySite({
    url: await createPostgresTestDatabase("m3_legacy_site"),
    annotations: ANNOTATIONS,
    annotationsPerVideo: 250,
    chunkSize: 300,
    onProgress: (done) => progress.push(done),
  });
  const firstStart = await buildLegacySite({
    url: await createPostgresTestDatabase("m3_legacy_site"),
    annotations: ANNOTATIONS,
    annotationsPerVideo: 250,
    chunkSize: 300,
    layout: "first-start",
  });
  return { quickstart, firstStart, progress };
})();

async function query<T extends pg.QueryResultRow>(site: LegacySite, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: site.url, options: "-c TimeZone=UTC" });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function tableCounts(site: LegacySite): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of Object.keys(site.rows)) {
    const [row] = await query<{ count: string }>(site, `SELECT count(*) AS count FROM ${table}`);
    counts[table] = Number(row?.count);
  }
  return counts;
}

test("the site's tables hold the rows it reports: the real kb, 2,000 annotations, audit rows", async (t) => {
  const { quickstart, progress } = await sites;
  const dump = await readKbDump(DEFAULT_KB_DUMP);
  t.deepEqual(await tableCounts(quickstart), quickstart.rows);
  t.is(quickstart.rows.observations, ANNOTATIONS);
  t.is(progress.at(-1), ANNOTATIONS);
  t.is(quickstart.rows.concept, 4092);
  t.is(quickstart.rows.conceptdelegate, 4092);
  t.is(quickstart.rows.conceptname, dump.counts.names);
  t.is(quickstart.rows.media, dump.counts.media);
  t.is(quickstart.rows.linktemplate, dump.counts.linkTemplates);
  t.is(quickstart.rows.linkrealization, dump.counts.linkRealizations);
  for (const table of [
    "history",
    "reference",
    "reference_conceptdelegate",
    "useraccount",
    "prefs",
    "uniqueid",
    "video_sequences",
    "videos",
    "video_references",
    "imaged_moments",
    "ancillary_data",
    "image_references",
    "associations",
    "video_reference_information",
    "revinfo",
    "observations_aud",
    "associations_aud",
    "video_sequences_aud",
  ]) {
    t.true((quickstart.rows[table] ?? 0) > 0, table);
  }
  t.is(quickstart.rows.videos, ANNOTATIONS / 250);
  t.is(
    quickstart.totalRows,
    Object.values(quickstart.rows).reduce((sum, n) => sum + n, 0),
  );
});

test("the same seed gives the same rows in both layouts; first start turns the kb's times into timestamptz", async (t) => {
  const { quickstart, firstStart } = await sites;
  t.deepEqual(firstStart.rows, quickstart.rows);
  const digest = (site: LegacySite) =>
    query<{ digest: string }>(
      site,
      `SELECT md5(string_agg(o::text, ',' ORDER BY o.uuid)) AS digest FROM observations o`,
    );
  t.deepEqual(await digest(firstStart), await digest(quickstart));
  const types = (site: LegacySite) =>
    query<{ data_type: string }>(
      site,
      `SELECT data_type FROM information_schema.columns WHERE table_name = 'concept' AND column_name = 'last_updated_time'`,
    );
  t.deepEqual(await types(quickstart), [{ data_type: "timestamp without time zone" }]);
  t.deepEqual(await types(firstStart), [{ data_type: "timestamp with time zone" }]);
});

test("timestamps keep microseconds, and the annotations view joins moments to the registry", async (t) => {
  const { quickstart } = await sites;
  const [micros] = await query<{ with_micros: string; total: string }>(
    quickstart,
    `SELECT count(*) FILTER (WHERE extract(microseconds FROM last_updated_timestamp)::bigint % 1000 <> 0) AS with_micros,
            count(*) AS total FROM imaged_moments`,
  );
  t.is(micros?.with_micros, micros?.total);
  const [view] = await query<{ rows: string; unjoined: string }>(
    quickstart,
    `SELECT count(*) AS rows, count(*) FILTER (WHERE video_uri IS NULL OR dive_number IS NULL) AS unjoined FROM annotations`,
  );
  t.true(Number(view?.rows) >= ANNOTATIONS);
  t.is(view?.unjoined, "0");
});

test("bounding boxes are JSON associations, drawn on the moment's image when it has one", async (t) => {
  const { quickstart } = await sites;
  const boxes = await query<{ link_value: string; to_concept: string; image_ok: boolean }>(
    quickstart,
    `SELECT a.link_value, a.to_concept,
            (a.link_value::jsonb->>'image_reference_uuid') IS NULL
              OR EXISTS (SELECT 1 FROM image_references i
                         WHERE i.uuid::text = a.link_value::jsonb->>'image_reference_uuid'
                           AND i.imaged_moment_uuid = o.imaged_moment_uuid) AS image_ok
     FROM associations a JOIN observations o ON o.uuid = a.observation_uuid
     WHERE a.link_name = 'bounding box' AND a.mime_type = 'application/json'`,
  );
  t.true(boxes.length > ANNOTATIONS * 0.05, `${boxes.length} boxes`);
  for (const box of boxes) {
    const value = JSON.parse(box.link_value) as { x: number; y: number; width: number; height: number };
    t.true(
      value.x >= 0 && value.y >= 0 && value.width > 0 && value.height > 0 && value.x + value.width <= 1920,
    );
    t.is(box.to_concept, "self");
    t.true(box.image_ok);
  }
  t.true(boxes.some((box) => box.link_value.includes("image_reference_uuid")));
});

test("users carry oni's jasypt digests of their passwords; delegates and concepts have distinct ids", async (t) => {
  const { quickstart } = await sites;
  const accounts = await query<{ username: string; password: string; role: string }>(
    quickstart,
    "SELECT UserName AS username, Password AS password, Role AS role FROM UserAccount ORDER BY id",
  );
  t.deepEqual(
    accounts.map(({ username, role }) => ({ username, role })),
    quickstart.users.map(({ username, role }) => ({ username, role })),
  );
  for (const [index, account] of accounts.entries()) {
    const user = quickstart.users[index];
    t.is(account.password.length, 32);
    t.true(await verifyPassword(user?.password ?? "", account.password));
    t.false(await verifyPassword(`${user?.password}x`, account.password));
  }
  const [overlap] = await query<{ same: string }>(
    quickstart,
    "SELECT count(*) AS same FROM ConceptDelegate WHERE id = ConceptID_FK",
  );
  t.is(overlap?.same, "0");
});

test("changing 1% of the rows changes exactly those rows' values and last-updated times", async (t) => {
  // A site of its own: the other tests read theirs while this one runs.
  const firstStart = await buildLegacySite({
    url: await createPostgresTestDatabase("m3_legacy_site"),
    annotations: ANNOTATIONS,
    layout: "first-start",
  });
  const before = await query<{ uuid: string; observer: string; last_updated_timestamp: string }>(
    firstStart,
    "SELECT uuid::text, observer, last_updated_timestamp::text FROM observations ORDER BY uuid",
  );
  const at = Instant.fromSql("2026-03-04 05:06:07.123456");
  const changed = await changeLegacySite({ url: firstStart.url, share: 0.01, seed: 7, at });
  t.is(changed.observations?.length, Math.ceil(ANNOTATIONS * 0.01));
  t.is(changed.concept?.length, Math.ceil(4092 * 0.01));
  t.true(Object.values(changed).every((keys) => keys.length > 0));
  const after = await query<{ uuid: string; observer: string; last_updated_timestamp: string }>(
    firstStart,
    "SELECT uuid::text, observer, last_updated_timestamp::text FROM observations ORDER BY uuid",
  );
  const moved = new Set(changed.observations);
  for (const [index, row] of after.entries()) {
    const old = before[index];
    if (moved.has(row.uuid)) {
      t.is(row.observer, `${old?.observer}-revised`);
      t.is(row.last_updated_timestamp, "2026-03-04 05:06:07.123456");
    } else {
      t.deepEqual(row, old);
    }
  }
  const [boxes] = await query<{ invalid: string }>(
    firstStart,
    `SELECT count(*) FILTER (WHERE NOT (link_value::jsonb ? 'width')) AS invalid FROM associations WHERE mime_type = 'application/json'`,
  );
  t.is(boxes?.invalid, "0");
});

test("a share outside (0, 1] is refused before anything changes", async (t) => {
  const { quickstart } = await sites;
  await t.throwsAsync(changeLegacySite({ url: quickstart.url, share: 0 }), { message: /share/ });
  await t.throwsAsync(changeLegacySite({ url: quickstart.url, share: 1.5 }), { message: /share/ });
});
