import { existsSync, readdirSync } from "node:fs";
import test from "ava";
import pg from "pg";
import { freePort } from "../../../tools/dev/fixtures/free-port.js";
import { createPostgresTestDatabase } from "../../../tools/dev/fixtures/postgres.js";
import { importLegacy } from "../../../tools/m3/import/import-legacy.js";
import { cleanUp, freshLegacySite, freshTarget } from "./import-support.js";

test.after.always(cleanUp);

const everywhere = (url: string) => ({ kb: url, registry: url, annotation: url });

/** The SQLite target's folder holds nothing: not even the databases' files were made. */
function untouched(settings: Awaited<ReturnType<typeof freshTarget>>): boolean {
  const target = settings.databases.kb;
  if (target.kind !== "sqlite") throw new Error("a SQLite target");
  const folder = target.file.slice(0, target.file.lastIndexOf("/"));
  return !existsSync(folder) || readdirSync(folder).length === 0;
}

test("a database that is not an M3 schema is refused, naming what it lacks, and nothing is written", async (t) => {
  const url = await createPostgresTestDatabase("m3_not_legacy");
  const settings = await freshTarget("sqlite");
  const error = await t.throwsAsync(importLegacy(everywhere(url), settings));
  t.regex(
    error?.message ?? "",
    /is not an M3 kb database: it lacks ConceptDelegate, Concept, ConceptName, Media, LinkTemplate/,
  );
  t.true(untouched(settings));
});

test("a legacy database missing one column is refused, naming the table and the column", async (t) => {
  const site = await freshLegacySite(10);
  const client = new pg.Client({ connectionString: site.url });
  await client.connect();
  await client.query("ALTER TABLE observations DROP COLUMN observer CASCADE");
  await client.end();
  const settings = await freshTarget("sqlite");
  const error = await t.throwsAsync(importLegacy(everywhere(site.url), settings));
  t.regex(error?.message ?? "", /is not an M3 annotation database: it lacks observations\.observer$/);
  t.true(untouched(settings));
});

test("an unreachable server and a login the server refuses give the driver's error, and nothing is written", async (t) => {
  const settings = await freshTarget("sqlite");
  const closed = `postgres://m3:secret@127.0.0.1:${await freePort()}/M3_VARS`;
  const unreachable = await t.throwsAsync(importLegacy(everywhere(closed), settings));
  t.regex(
    unreachable?.message ?? "",
    /^cannot read postgres:\/\/m3:\*\*\*@127\.0\.0\.1:\d+\/M3_VARS: .*ECONNREFUSED/,
  );
  const site = new URL(await createPostgresTestDatabase("m3_refused"));
  site.username = "nobody";
  site.password = "wrong";
  const refused = await t.throwsAsync(importLegacy(everywhere(site.toString()), settings));
  t.regex(refused?.message ?? "", /^cannot read postgres:\/\/nobody:\*\*\*@.*role "nobody" does not exist/);
  t.notRegex(refused?.message ?? "", /wrong/);
  t.true(untouched(settings));
});
