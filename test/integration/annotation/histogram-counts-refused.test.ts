/**
 * A MariaDB user refused CREATE TRIGGER (no TRIGGER privilege; or binary logging on, without
 * SUPER and log_bin_trust_function_creators) still migrates: the histogram count tables come
 * without their triggers and with a warning, the histograms join instead and answer the same,
 * and once granted, `m3 migrate` makes the triggers and counts. MySQL only: SQLite has no
 * privileges.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import test from "ava";
import mysql from "mysql2/promise";
import { QueryConstraints } from "../../../proto/gen/m3/annotation/v1/fast_query_constraints.js";
import { openAnnotationStorage } from "../../../services/annotation/annotation-domain.js";
import { BoxQueryService } from "../../../services/annotation/boxes/services/box-query.service.js";
import { HistogramRepository } from "../../../services/annotation/query/repositories/histogram.repository.js";
import type { HistogramCountTriggersRepository } from "../../../services/annotation/query/repositories/histogram-count-triggers.repository.js";
import {
  histogramCountsRebuild,
  histogramCountTables,
  histogramCountTriggerNames,
  histogramCountTriggers,
} from "../../../services/annotation/query/repositories/histogram-counts.sql.js";
import { HistogramService } from "../../../services/annotation/query/services/histogram.service.js";
import { createLogger } from "../../../services/kit/log/logger.js";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { Instant } from "../../../services/kit/time/instant.js";
import {
  createTestDatabase,
  createTestUser,
  GRANTS_WITHOUT_TRIGGER,
  stopPrivateMariaDb,
} from "../../../tools/dev/fixtures/mariadb.js";
import { type MariaDbServer, startMariaDbServer } from "../../../tools/dev/fixtures/mariadb-server.js";
import { MysqlTableWriter } from "../../../tools/m3/backup/mysql-table-writer.repository.js";
import { migrateDomains } from "../../../tools/m3/migrate/migrate.js";
import { DATASET, seedQueryDataset } from "../../support/annotation/query-dataset.js";

/** The log lines of this process: the first logger made is the one the migration warns through. */
const logged: { level: number; msg: string; reason?: string }[] = [];
createLogger({
  name: "histogram-counts-refused-test",
  destination: new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  }),
});

const WARN = 40;
const TRIGGERS = histogramCountTriggerNames("mysql").map(({ name }) => name);
const NOW = "2024-05-01 00:00:00.000000";

const storages: DomainStorage[] = [];
const folders: string[] = [];
let binaryLogging: Promise<MariaDbServer> | undefined;

test.after.always(async () => {
  await Promise.all(storages.splice(0).map((storage) => storage.close()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  if (binaryLogging) await (await binaryLogging).stop();
  await stopPrivateMariaDb();
});

async function asRoot<T>(rootUrl: string, work: (root: mysql.Connection) => Promise<T>): Promise<T> {
  const root = await mysql.createConnection(rootUrl);
  try {
    return await work(root);
  } finally {
    await root.end();
  }
}

async function open(url: string): Promise<DomainStorage> {
  const storage = await openAnnotationStorage(parseDatabaseUrl(url));
  storages.push(storage);
  return storage;
}

async function triggersOf(storage: DomainStorage): Promise<string[]> {
  const rows = (await storage.dataSource.query(
    "SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() ORDER BY name",
  )) as { name: string }[];
  return rows.map((row) => row.name);
}

/** `m3 migrate annotation` against the URL, as its command runs it. */
async function migrateAnnotation(url: string): Promise<string | undefined> {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-histogram-refused-"));
  folders.push(dataDir);
  const [migrated] = await migrateDomains(["annotation"], { M3_ANNOTATION_DATABASE_URL: url }, dataDir);
  return migrated?.histogramCounts;
}

const timestamp = (text: string) => (Instant.parse(text) as Instant).toTimestamp();
/** The histograms over every annotation, the ones the kept counts can answer. */
const EVERY_ANNOTATION = {
  depth: QueryConstraints.fromPartial({ minDepth: 0 }),
  time: QueryConstraints.fromPartial({
    minTimestamp: timestamp("1987-01-01T00:00:00Z"),
    maxTimestamp: timestamp("2030-01-01T00:00:00Z"),
  }),
};

/** A repository that finds the triggers missing, and so always joins: the reference answer. */
const JOIN_ONLY = { missing: async () => ["(joins)"] } as unknown as HistogramCountTriggersRepository;

async function histogramsOverEveryAnnotation(histograms: HistogramService) {
  return {
    depth: (await histograms.depth(EVERY_ANNOTATION.depth, 1)).values,
    time: (await histograms.time(EVERY_ANNOTATION.time, 1)).values,
  };
}

/** The kept counts per metre and per day next to the same counted from the annotations. */
async function keptAndCounted(storage: DomainStorage) {
  const pairs = async (sql: string) =>
    ((await storage.dataSource.query(sql)) as { k: string; n: string }[]).map((row) => [
      Number(row.k),
      Number(row.n),
    ]);
  const kept = (table: string, key: string) =>
    pairs(`SELECT ${key} AS k, SUM(annotations) AS n FROM ${table} GROUP BY k HAVING n <> 0 ORDER BY k`);
  return {
    kept: {
      depth: await kept("histogram_depth_counts", "depth_meter"),
      days: await kept("histogram_day_counts", "recorded_day"),
    },
    counted: {
      depth: await pairs(
        `SELECT FLOOR(ad.depth_meters) AS k, COUNT(*) AS n FROM observations o
          JOIN ancillary_data ad ON ad.imaged_moment_uuid = o.imaged_moment_uuid
         WHERE ad.depth_meters >= 0 AND ad.depth_meters < 4000 GROUP BY k ORDER BY k`,
      ),
      days: await pairs(
        `SELECT DATEDIFF(im.recorded_timestamp, '1970-01-01') AS k, COUNT(*) AS n FROM observations o
          JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid GROUP BY k ORDER BY k`,
      ),
    },
  };
}

/** Writes of every kind the triggers follow: a moment added, an observation moved, a depth changed, a moment deleted. */
async function writeSome(storage: DomainStorage, suffix: string): Promise<void> {
  const moment = `01900000-0000-7000-8000-000000000${suffix}01`;
  const [m1, m2, m3] = DATASET.moments;
  await storage.transaction(async (manager) => {
    await manager.query(
      `INSERT INTO imaged_moments (uuid, video_reference_uuid, recorded_timestamp, last_updated_timestamp)
       VALUES (?, ?, '2022-03-0${suffix} 08:00:00', ?)`,
      [moment, DATASET.video2, NOW],
    );
    await manager.query(
      "INSERT INTO ancillary_data (uuid, imaged_moment_uuid, depth_meters, last_updated_timestamp) VALUES (?, ?, ?, ?)",
      [`01900000-0000-7000-8000-000000000${suffix}02`, moment, 777.25, NOW],
    );
    for (const observation of ["03", "04"]) {
      await manager.query(
        `INSERT INTO observations (uuid, imaged_moment_uuid, concept, observation_timestamp, last_updated_timestamp)
         VALUES (?, ?, 'Aegina', ?, ?)`,
        [`01900000-0000-7000-8000-000000000${suffix}${observation}`, moment, NOW, NOW],
      );
    }
  });
  await storage.dataSource.query(
    "UPDATE ancillary_data SET depth_meters = depth_meters + 33 WHERE imaged_moment_uuid = ?",
    [m1],
  );
  if (suffix === "1") {
    await storage.dataSource.query("UPDATE observations SET imaged_moment_uuid = ? WHERE uuid = ?", [
      m3,
      DATASET.observations[2],
    ]);
    await storage.dataSource.query("DELETE FROM imaged_moments WHERE uuid = ?", [m2]);
  }
}

/**
 * Migrates as `url`'s user, whom the server refuses CREATE TRIGGER (for `refusal`), writes,
 * compares the histograms with the join's, grants what was missing and runs `m3 migrate`.
 */
async function refusedThenGranted(
  t: import("ava").ExecutionContext,
  url: string,
  refusal: RegExp,
  grant: () => Promise<void>,
): Promise<void> {
  const storage = await open(url);
  const [migration] = (await storage.dataSource.query(
    "SELECT name FROM annotation_migrations WHERE name LIKE 'HistogramCounts%'",
  )) as { name: string }[];
  t.is(migration?.name, "HistogramCounts1764200000000", "the migration is applied");
  t.deepEqual(await triggersOf(storage), [], "and made no trigger");
  const warnings = logged.filter((line) => line.level === WARN && /histogram counts are off/.test(line.msg));
  t.is(warnings.length, 1);
  // The box index's triggers are refused alike: one warning of its own, and box queries say so.
  const boxWarnings = logged.filter((line) => line.level === WARN && /box index is off/.test(line.msg));
  t.is(boxWarnings.length, 1);
  t.regex(boxWarnings[0]?.reason ?? "", refusal);
  t.regex(boxWarnings[0]?.msg ?? "", /`m3 boxes reindex`/);
  await t.throwsAsync(new BoxQueryService(storage).list({ concept: [] }), {
    message: /box index is not kept/,
  });
  t.regex(warnings[0]?.reason ?? "", refusal);
  t.regex(
    warnings[0]?.msg ?? "",
    /GRANT TRIGGER ON <database>\.imaged_moments .* log_bin_trust_function_creators=ON.* `m3 migrate annotation`/,
  );

  await seedQueryDataset(storage);
  await writeSome(storage, "1");
  const histograms = new HistogramService(new HistogramRepository(storage));
  const joined = new HistogramService(new HistogramRepository(storage, JOIN_ONLY));
  const answers = await histogramsOverEveryAnnotation(joined);
  const total = (values: number[]) => values.reduce((sum, n) => sum + n, 0);
  t.deepEqual(
    [total(answers.depth), total(answers.time)],
    [4, 6],
    "the depths of O1, O2, two new; six in time",
  );
  t.deepEqual(await histogramsOverEveryAnnotation(histograms), answers, "without triggers, the join answers");
  t.is(
    logged.filter((line) => /does not keep the histogram counts/.test(line.msg)).length,
    2,
    "each repository (the reference's and the service's) says so once",
  );

  await grant();
  t.is(await migrateAnnotation(url), "turned-on");
  t.deepEqual(await triggersOf(storage), [...TRIGGERS].sort());
  const afterTurnOn = await keptAndCounted(storage);
  t.deepEqual(afterTurnOn.kept, afterTurnOn.counted, "counted once turned on");
  // Through the connections opened before the grant, as a running service's.
  await writeSome(storage, "2");
  const afterWrites = await keptAndCounted(storage);
  t.deepEqual(afterWrites.kept, afterWrites.counted, "and kept through the writes since");
  t.true(afterWrites.kept.depth.length > 0 && afterWrites.kept.days.length > 0);
  const restarted = new HistogramService(new HistogramRepository(storage));
  t.deepEqual(
    await histogramsOverEveryAnnotation(restarted),
    await histogramsOverEveryAnnotation(joined),
    "the kept counts answer as the join does",
  );
  t.is(await migrateAnnotation(url), "kept", "m3 migrate again changes nothing");
  t.deepEqual(await keptAndCounted(storage), afterWrites);
}

test.serial(
  "mysql: a user without the TRIGGER privilege migrates without the count triggers (over the count tables a failed upgrade left); once granted, m3 migrate makes them",
  async (t) => {
    const rootDatabase = await createTestDatabase("m3_histogram_refused");
    const url = await createTestUser(rootDatabase, GRANTS_WITHOUT_TRIGGER);
    const user = new URL(url).username;
    // Left by an upgrade this refusal failed before the migration carried on without triggers.
    await asRoot(rootDatabase, async (root) => {
      for (const sql of histogramCountTables("mysql")) await root.query(sql);
    });
    // On the tables, as the warning says: the connections already open (the storage's) see it.
    await refusedThenGranted(t, url, /TRIGGER command denied/, () =>
      asRoot(rootDatabase, async (root) => {
        for (const table of ["imaged_moments", "observations", "ancillary_data"]) {
          await root.query(`GRANT TRIGGER ON ${table} TO ?@'%'`, [user]);
        }
        // And one trigger of the set, as a run interrupted halfway would leave: made whole.
        await root.query(histogramCountTriggers("mysql")[0] as string);
      }),
    );
  },
);

test.serial(
  "mysql: with binary logging on, a user with TRIGGER but not SUPER migrates without them; log_bin_trust_function_creators=ON and m3 migrate make them",
  async (t) => {
    logged.splice(0);
    binaryLogging = startMariaDbServer("64M", ["--log-bin=m3-binlog", "--server-id=1"]);
    const server = await binaryLogging;
    const root = `${server.rootUrl}/m3_histogram_binlog`;
    await asRoot(`${server.rootUrl}/`, (connection) =>
      connection.query("CREATE DATABASE m3_histogram_binlog CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"),
    );
    const url = await createTestUser(root, `${GRANTS_WITHOUT_TRIGGER}, TRIGGER`);
    await refusedThenGranted(t, url, /SUPER privilege and binary logging is enabled/, async () => {
      await asRoot(root, (connection) => connection.query("SET GLOBAL log_bin_trust_function_creators = ON"));
    });
  },
);

test.serial(
  "mysql: a restore into a database without the count triggers loads its rows and makes none",
  async (t) => {
    const url = await createTestUser(
      await createTestDatabase("m3_histogram_restore"),
      GRANTS_WITHOUT_TRIGGER,
    );
    const storage = await open(url);
    const writer = await MysqlTableWriter.open(
      parseDatabaseUrl(url) as Parameters<typeof MysqlTableWriter.open>[0],
    );
    try {
      await writer.begin();
      await writer.prepareTables(["imaged_moments"]);
      const moments = DATASET.moments.map((uuid, day) => [
        uuid,
        DATASET.video1,
        null,
        `2020-01-0${day + 1} 00:00:00.000000`,
        null,
        NOW,
      ]);
      await writer.insert(
        "imaged_moments",
        [
          "uuid",
          "video_reference_uuid",
          "elapsed_time_millis",
          "recorded_timestamp",
          "timecode",
          "last_updated_timestamp",
        ],
        { lines: moments.map((row) => JSON.stringify(row)) },
      );
      await writer.endTable("imaged_moments");
      await writer.recountAfterLoad(histogramCountsRebuild("mysql"));
      await writer.finishLoading();
      await writer.commit();
    } finally {
      await writer.close();
    }
    const [loaded] = (await storage.dataSource.query("SELECT COUNT(*) AS n FROM imaged_moments")) as {
      n: string;
    }[];
    t.is(Number(loaded?.n), 3);
    t.deepEqual(await triggersOf(storage), []);
  },
);
