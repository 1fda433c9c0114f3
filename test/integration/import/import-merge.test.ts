import test from "ava";
import pg from "pg";
import { kbSchema } from "../../../services/kb/kb.module.js";
import { LoginService } from "../../../services/kb/people/services/login.service.js";
import { LoginThrottle } from "../../../services/kb/people/services/login-throttle.js";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import { openDomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { Instant } from "../../../services/kit/time/instant.js";
import { changeLegacySite } from "../../../tools/dev/fixtures/legacy-site/legacy-site-changes.js";
import { importLegacy } from "../../../tools/m3/import/import-legacy.js";
import { LEGACY_BATCH_ROWS } from "../../../tools/m3/import/legacy/legacy-table-source.js";
import { LEGACY_TABLES } from "../../../tools/m3/import/legacy/legacy-tables.js";
import type { ImportReport } from "../../../tools/m3/import/run/import-report.js";
import { openDomainStorageAt } from "../../../tools/m3/migrate/migrate.js";
import { cleanUp, freshLegacySite, freshTarget } from "./import-support.js";

test.after.always(cleanUp);

const everywhere = (url: string) => ({ kb: url, registry: url, annotation: url });
const tableOf = (report: ImportReport, name: string) => {
  const table = report.tables.find((candidate) => `${candidate.domain}.${candidate.table}` === name);
  if (!table) throw new Error(`no ${name} in the report`);
  return table;
};

async function onSource<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test("after 1% of the source changes, a re-import updates exactly those rows and m3 answers their new values", async (t) => {
  const site = await freshLegacySite(1000);
  const settings = await freshTarget("sqlite");
  await importLegacy(everywhere(site.url), settings);
  const changed = await changeLegacySite({ url: site.url, share: 0.01 });
  const again = await importLegacy(everywhere(site.url), settings);
  for (const domain of ["kb", "registry", "annotation"] as const) {
    for (const mapping of LEGACY_TABLES[domain].filter((candidate) => candidate.role === undefined)) {
      const table = tableOf(again, `${domain}.${mapping.m3}`);
      t.is(table.updated, changed[mapping.legacy]?.length ?? 0, `${domain}.${mapping.m3}`);
      t.is(table.added + table.pruned + table.conflicts, 0, `${domain}.${mapping.m3}`);
    }
  }
  t.false(again.unchanged);
  t.deepEqual(again.mismatches, []);
  t.true(
    (again.sampled.annotation ?? 0) > 0 && (again.sampled.video ?? 0) > 0 && (again.sampled.concept ?? 0) > 0,
  );
});

test("a record changed on both sides since the last import is a conflict the newer side wins, and is reported", async (t) => {
  const site = await freshLegacySite(100);
  const settings = await freshTarget("sqlite");
  await importLegacy(everywhere(site.url), settings);
  const [m3Newer, sourceNewer] = await onSource(site.url, async (client) => {
    const { rows } = await client.query<{ uuid: string }>(
      "SELECT uuid::text FROM observations ORDER BY uuid LIMIT 2",
    );
    const later = Instant.now().plusMillis(60_000).toSql();
    await client.query(
      "UPDATE observations SET observer = 'shore', last_updated_timestamp = now() WHERE uuid = $1",
      [rows[0]?.uuid],
    );
    await client.query(
      "UPDATE observations SET observer = 'shore', last_updated_timestamp = $2 WHERE uuid = $1",
      [rows[1]?.uuid, later],
    );
    return rows.map((row) => row.uuid);
  });
  const annotation = await openDomainStorageAt("annotation", settings.databases.annotation);
  const soon = Instant.now().plusMillis(30_000).toSql();
  await annotation.transaction((manager) =>
    manager.query(
      "UPDATE observations SET observer = 'ship', last_updated_timestamp = ? WHERE uuid IN (?, ?)",
      [soon, m3Newer, sourceNewer],
    ),
  );
  const report = await importLegacy(everywhere(site.url), settings);
  const observations = tableOf(report, "annotation.observations");
  t.is(observations.conflicts, 2);
  t.deepEqual(
    observations.listedConflicts
      .map(({ record, winner }) => ({ record, winner }))
      .sort((a, b) => a.record.localeCompare(b.record)),
    [
      { record: m3Newer as string, winner: "m3" as const },
      { record: sourceNewer as string, winner: "source" as const },
    ].sort((a, b) => a.record.localeCompare(b.record)),
  );
  const observers: { uuid: string; observer: string }[] = await annotation.read((manager) =>
    manager.query("SELECT uuid, observer FROM observations WHERE uuid IN (?, ?)", [m3Newer, sourceNewer]),
  );
  await annotation.close();
  t.deepEqual(Object.fromEntries(observers.map((row) => [row.uuid, row.observer])), {
    [m3Newer as string]: "ship",
    [sourceNewer as string]: "shore",
  });
  t.deepEqual(report.mismatches, []);
});

test("records gone from the source stay in m3, unless --prune, which a dry run only counts", async (t) => {
  const site = await freshLegacySite(100);
  const settings = await freshTarget("sqlite");
  await importLegacy(everywhere(site.url), settings);
  const removed = await onSource(site.url, async (client) => {
    const { rows } = await client.query<{ uuid: string }>(
      "DELETE FROM image_references WHERE uuid IN (SELECT uuid FROM image_references ORDER BY uuid LIMIT 3) RETURNING uuid::text",
    );
    return rows.length;
  });
  const kept = await importLegacy(everywhere(site.url), settings);
  const images = tableOf(kept, "annotation.image_references");
  t.is(images.pruned, 0);
  t.is(images.m3Rows, images.sourceRows + removed);
  const dry = await importLegacy(everywhere(site.url), settings, { prune: true, dryRun: true });
  t.is(tableOf(dry, "annotation.image_references").pruned, removed);
  const pruned = await importLegacy(everywhere(site.url), settings, { prune: true });
  const after = tableOf(pruned, "annotation.image_references");
  t.is(after.pruned, removed);
  t.is(after.m3Rows, after.sourceRows);
});

test("a dry run counts what it would add and writes nothing", async (t) => {
  const site = await freshLegacySite(100);
  const settings = await freshTarget("sqlite");
  const report = await importLegacy(everywhere(site.url), settings, { dryRun: true });
  t.true(report.dryRun);
  for (const table of report.tables) {
    t.is(
      table.added,
      table.sourceRows - table.unplaceable - table.duplicates,
      `${table.domain}.${table.table}`,
    );
    t.is(table.m3Rows, 0, `${table.domain}.${table.table}`);
  }
});

test("a first import into an m3 that holds rows is refused without --merge, and merges with it", async (t) => {
  const first = await freshLegacySite(50, 1);
  const second = await freshLegacySite(50, 2);
  const settings = await freshTarget("sqlite");
  await importLegacy(everywhere(first.url), settings);
  const error = await t.throwsAsync(importLegacy(everywhere(second.url), settings));
  t.regex(error?.message ?? "", /the kb domain already holds rows .* pass --merge/);
  const merged = await importLegacy(everywhere(second.url), settings, { merge: true });
  t.true(tableOf(merged, "annotation.observations").added > 0);
  t.deepEqual(merged.mismatches, []);
});

test("an imported user logs in with the password they had and is re-hashed to m3's own format", async (t) => {
  const site = await freshLegacySite(10);
  const settings = await freshTarget("sqlite");
  await importLegacy(everywhere(site.url), settings);
  const storage = await openDomainStorage({ target: settings.databases.kb, domain: "kb", ...kbSchema });
  const tokens = new TokenService({ signingSecret: "test-secret", issuer: "http://www.mbari.org" });
  const login = new LoginService(storage, tokens, new LoginThrottle(storage));
  const admin = site.users.find((user) => user.role === "Admin");
  if (!admin) return t.fail("the site has no Admin");
  const basic = `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString("base64")}`;
  const hashOf = async () =>
    (
      await storage.read((manager) =>
        manager.query("SELECT password_hash FROM user_accounts WHERE username = ?", [admin.username]),
      )
    )[0]?.password_hash as string;
  t.notRegex(await hashOf(), /^scrypt\$/);
  const claims = await tokens.verifyClaims(await login.login(basic, "203.0.113.7"));
  t.is(claims.name, admin.username);
  t.regex(await hashOf(), /^scrypt\$/);
  await storage.close();
});

test("an interrupted import leaves whole batches, and running it again finishes the job without --merge", async (t) => {
  const site = await freshLegacySite(LEGACY_BATCH_ROWS + 1000);
  const settings = await freshTarget("sqlite");
  const interrupted = await t.throwsAsync(
    importLegacy(everywhere(site.url), settings, {
      onTable: (table, done) => {
        if (table === "annotation.observations" && done > 0) throw new Error("interrupted");
      },
    }),
  );
  t.is(interrupted?.message, "interrupted");
  const resumed = await importLegacy(everywhere(site.url), settings);
  const observations = tableOf(resumed, "annotation.observations");
  t.true(observations.sourceRows > LEGACY_BATCH_ROWS);
  t.is(observations.skipped, LEGACY_BATCH_ROWS);
  t.is(observations.added, observations.sourceRows - LEGACY_BATCH_ROWS);
  t.is(tableOf(resumed, "kb.concepts").skipped, tableOf(resumed, "kb.concepts").sourceRows);
  t.is(observations.m3Rows, observations.sourceRows);
  t.deepEqual(resumed.mismatches, []);
});
