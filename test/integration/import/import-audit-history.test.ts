/**
 * annosaurus's Envers audit rows become m3's annotation history: each revision of an
 * observation or association one change, its before the record's previous revision.
 */
import test from "ava";
import pg from "pg";
import { AnnotationHistoryService } from "../../../services/annotation/history/services/annotation-history.service.js";
import { importLegacy } from "../../../tools/m3/import/import-legacy.js";
import { openDomainStorageAt } from "../../../tools/m3/migrate/migrate.js";
import { cleanUp, freshLegacySite, freshTarget, TARGETS } from "./import-support.js";

test.after.always(cleanUp);

/** Adds to the site a revision that renames an audited observation, and one that deletes it. */
async function reviseAnObservation(url: string): Promise<{ uuid: string; concept: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ uuid: string; concept: string; rev: number }>(
      "SELECT uuid::text AS uuid, concept, rev FROM observations_aud ORDER BY uuid LIMIT 1",
    );
    const audited = rows[0];
    if (!audited) throw new Error("the legacy site has no audited observation");
    const { rows: last } = await client.query<{ rev: number; at: string }>(
      "SELECT max(rev) AS rev, max(revtstmp)::text AS at FROM revinfo",
    );
    const rev = Number(last[0]?.rev) + 1;
    const at = Number(last[0]?.at);
    await client.query("INSERT INTO revinfo (rev, revtstmp) VALUES ($1, $2), ($3, $4)", [
      rev,
      at + 1000,
      rev + 1,
      at + 2000,
    ]);
    await client.query(
      `INSERT INTO observations_aud (rev, revtype, uuid, imaged_moment_uuid, concept, observer, observation_timestamp)
       SELECT $1, 1, uuid, imaged_moment_uuid, 'Renamed', observer, observation_timestamp
         FROM observations_aud WHERE uuid = $2::uuid AND rev = $3`,
      [rev, audited.uuid, audited.rev],
    );
    await client.query("INSERT INTO observations_aud (rev, revtype, uuid) VALUES ($1, 2, $2::uuid)", [
      rev + 1,
      audited.uuid,
    ]);
    return { uuid: audited.uuid, concept: audited.concept };
  } finally {
    await client.end();
  }
}

for (const engine of TARGETS) {
  test(`annosaurus's audit rows import into ${engine}'s annotation history, with before and after, once`, async (t) => {
    const site = await freshLegacySite(300);
    const revised = await reviseAnObservation(site.url);
    const settings = await freshTarget(engine);
    const first = await importLegacy({ annotation: site.url }, settings);
    const history = first.tables.find((table) => table.table === "annotation_history");
    t.like(history, { sourceTable: "observations_AUD, associations_AUD", unplaceable: 0 });
    t.is(history?.added, history?.sourceRows);
    t.false(first.uncarried.some((table) => table.table.endsWith("_aud") && table.domain === "annotation"));

    const storage = await openDomainStorageAt("annotation", settings.databases.annotation);
    try {
      const changes = await new AnnotationHistoryService(storage).listForObservation(revised.uuid);
      t.deepEqual(
        changes.map((change) => [change.action, change.data_type, change.changed_by]),
        [
          ["CREATED", "OBSERVATION", null],
          ["UPDATED", "OBSERVATION", null],
          ["DELETED", "OBSERVATION", null],
        ],
      );
      t.like(changes[1], { before: { concept: revised.concept }, after: { concept: "Renamed" } });
      t.like(changes[2], { before: { concept: "Renamed" }, after: null });
    } finally {
      await storage.close();
    }
    const second = await importLegacy({ annotation: site.url }, settings);
    t.like(
      second.tables.find((table) => table.table === "annotation_history"),
      { added: 0, updated: 0, pruned: 0 },
    );
  });
}
