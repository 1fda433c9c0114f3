import { existsSync, readdirSync } from "node:fs";
import test from "ava";
import pg from "pg";
import { freePort } from "../../../tools/dev/fixtures/free-port.js";
import { createPostgresTestDatabase } from "../../../tools/dev/fixtures/postgres.js";
import { PASSWORD_CHECKED_ROLE } from "../../../tools/dev/fixtures/postgres-server.js";
import { importLegacy } from "../../../tools/m3/import/import-legacy.js";
import { LegacySourceRepository } from "../../../tools/m3/import/legacy/legacy-source.repository.js";
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
  const admin = new pg.Client({ connectionString: site.toString().replace("nobody:wrong", "postgres") });
  await admin.connect();
  await admin.query(
    `DO $$ BEGIN CREATE ROLE ${PASSWORD_CHECKED_ROLE} LOGIN PASSWORD 'right'; EXCEPTION WHEN duplicate_object THEN NULL; END $$`,
  );
  await admin.end();
  site.username = PASSWORD_CHECKED_ROLE;
  const wrongPassword = await t.throwsAsync(importLegacy(everywhere(site.toString()), settings));
  t.regex(
    wrongPassword?.message ?? "",
    new RegExp(
      `^cannot read postgres://${PASSWORD_CHECKED_ROLE}:\\*\\*\\*@.*password authentication failed for user "${PASSWORD_CHECKED_ROLE}"`,
    ),
  );
  t.notRegex(wrongPassword?.message ?? "", /wrong/);
  t.true(untouched(settings));
});

test("a concept whose parent is missing from the source is refused before anything is written, naming the concept and the parent", async (t) => {
  const site = await freshLegacySite(10);
  const client = new pg.Client({ connectionString: site.url });
  await client.connect();
  const { rows } = await client.query<{ id: string; name: string }>(
    `SELECT c.id, n.conceptname AS name FROM concept c JOIN conceptname n ON n.conceptid_fk = c.id
      WHERE c.parentconceptid_fk IS NOT NULL AND lower(n.nametype) = 'primary' ORDER BY c.id LIMIT 1`,
  );
  const orphan = rows[0];
  if (!orphan) throw new Error("a concept with a parent");
  await client.query("ALTER TABLE concept DISABLE TRIGGER ALL");
  await client.query("UPDATE concept SET parentconceptid_fk = 999999999 WHERE id = $1", [orphan.id]);
  await client.end();
  const settings = await freshTarget("sqlite");
  const error = await t.throwsAsync(importLegacy(everywhere(site.url), settings));
  t.regex(
    error?.message ?? "",
    new RegExp(
      `holds concepts whose parent concept is missing: concept ${orphan.id} \\(${orphan.name.replace(/[^\w ]/g, ".")}\\) has parent 999999999\\. .*nothing was written$`,
    ),
  );
  t.true(untouched(settings));
});

test("a source whose session the server ends between statements fails the next read, saying so, and the process goes on", async (t) => {
  const site = await freshLegacySite(10);
  const source = await LegacySourceRepository.open(site.url);
  t.true((await source.tableColumns()).has("observations"));
  const admin = new pg.Client({ connectionString: site.url });
  await admin.connect();
  await admin.query(
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
  );
  await admin.end();
  // Reads until one sees the session gone: pg tells the client while it is idle, too.
  const error = await t.throwsAsync(async () => {
    for (;;) await source.tableColumns();
  });
  t.regex(error?.message ?? "", /terminat|Connection/i);
  await source.close();
});
