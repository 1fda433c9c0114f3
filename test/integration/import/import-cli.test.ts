/**
 * `m3 import legacy` as an operator runs it (tools/m3/cli/m3.mjs): the JSON report, the text
 * report of a second run, and a refusal with exit code 1; and the verification's own check:
 * a record m3 answers differently from the source is listed.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import test from "ava";
import { Instant } from "../../../services/kit/time/instant.js";
import { createPostgresTestDatabase } from "../../../tools/dev/fixtures/postgres.js";
import { importLegacy } from "../../../tools/m3/import/import-legacy.js";
import type { ImportReport } from "../../../tools/m3/import/run/import-report.js";
import { openLegacySources } from "../../../tools/m3/import/run/legacy-import.js";
import { TargetDomains } from "../../../tools/m3/import/run/target-domains.js";
import { verifySample } from "../../../tools/m3/import/verify/verify-sample.js";
import { cleanUp, freshLegacySite, freshTarget } from "./import-support.js";

const run = promisify(execFile);
const M3 = join(import.meta.dirname, "..", "..", "..", "tools", "m3", "cli", "m3.mjs");
const dataDir = mkdtempSync(join(tmpdir(), "m3-import-cli-"));

test.after.always(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await cleanUp();
});

function m3(...args: string[]) {
  return run(process.execPath, [M3, ...args], {
    env: { ...process.env, M3_DATA_DIR: dataDir, M3_DATABASE_URL: "" },
  });
}

test.serial(
  "m3 import legacy --json prints the report; a second run says nothing changed; the verification passes",
  async (t) => {
    const site = await freshLegacySite(100);
    const first = JSON.parse(
      (await m3("import", "legacy", "--from", site.url, "--json")).stdout,
    ) as ImportReport;
    t.like(first, { dryRun: false, mismatches: [], unchanged: false });
    t.true(first.tables.every((table) => table.m3Rows === table.added));
    t.true(first.uncarried.some((table) => table.table === "video_references_aud"));
    t.true(first.tables.some((table) => table.table === "annotation_history" && table.added > 0));
    const second = await m3("import", "legacy", "--from", site.url);
    t.regex(second.stdout, /nothing changed: m3 already held every record/);
    t.regex(second.stdout, /verified \d+ annotations through m3's services/);
    t.regex(second.stderr, /annotation\.observations/);
  },
);

test.serial("m3 import legacy refuses a database that is not an M3 schema with exit code 1", async (t) => {
  const url = await createPostgresTestDatabase("m3_cli_not_legacy");
  const error = await t.throwsAsync(m3("import", "legacy", "--from", url, "--json"));
  t.is((error as { code?: number }).code, 1);
  t.regex(
    (error as { stderr?: string }).stderr ?? "",
    /^m3: .* is not an M3 kb database: it lacks ConceptDelegate/,
  );
});

test.serial("the verification lists each field m3 answers differently from the source", async (t) => {
  const site = await freshLegacySite(20);
  const settings = await freshTarget("sqlite");
  const sources = { kb: site.url, registry: site.url, annotation: site.url };
  await importLegacy(sources, settings);
  const targets = await TargetDomains.open(["kb", "registry", "annotation"], settings.databases);
  const annotation = targets.of("annotation").storage;
  const older = Instant.parse("1950-01-01T00:00:00Z")?.toSql();
  await annotation.transaction((manager) =>
    manager.query("UPDATE observations SET observer = 'tampered', last_updated_timestamp = ?", [older]),
  );
  const source = await openLegacySources(sources, Instant.now());
  const report: ImportReport = {
    source: source.description,
    dryRun: false,
    tables: [],
    uncarried: [],
    notes: [],
    sampled: {},
    mismatches: [],
    unchanged: true,
    seconds: 0,
  };
  try {
    await verifySample(source, targets, report, 5);
  } finally {
    await source.close();
    await targets.close();
  }
  t.is(report.sampled.annotation, 5);
  const fields = new Set(report.mismatches.map((mismatch) => `${mismatch.kind}.${mismatch.field}`));
  t.deepEqual([...fields].sort(), ["annotation.last_updated_timestamp", "annotation.observer"]);
  t.is(report.mismatches.filter((mismatch) => mismatch.field === "observer").length, 5);
  t.true(report.mismatches.every((mismatch) => mismatch.field !== "observer" || mismatch.m3 === "tampered"));
});
