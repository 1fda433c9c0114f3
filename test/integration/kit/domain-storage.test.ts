import { executionAsyncId } from "node:async_hooks";
import test from "ava";
import Database from "better-sqlite3";
import type { MigrationInterface, QueryRunner } from "typeorm";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import { metricsRegistry } from "../../../services/kit/metrics/metrics-registry.js";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import {
  MAX_PREPARED_STATEMENTS_PER_CONNECTION,
  openDomainStorage,
} from "../../../services/kit/storage/domain-storage.js";
import { selectRows } from "../../../services/kit/storage/select-rows.js";
import { Instant } from "../../../services/kit/time/instant.js";
import { createTestDatabase } from "../../../tools/dev/fixtures/mariadb.js";
import {
  CreateProbeSqlite,
  closeProbeStorages,
  openProbeStorage,
  PROBE_ENGINES,
  PROBE_MIGRATIONS,
  Probe,
  probeDatabaseUrl,
  probeSqliteFile,
} from "../../support/kit/probe-storage.js";

class FailingSqlite implements MigrationInterface {
  name = "Failing1763790000001";
  async up(runner: QueryRunner): Promise<void> {
    await runner.query("CREATE TABLE kit_probe (id TEXT)");
  }
  async down(): Promise<void> {}
}

const open = openProbeStorage;

test.after.always(closeProbeStorages);

test("sqlite: a failed migration on first start leaves none applied", async (t) => {
  const file = probeSqliteFile();
  await t.throwsAsync(
    openDomainStorage({
      target: parseDatabaseUrl(file),
      domain: "kit",
      entities: [Probe],
      migrations: { mysql: [], sqlite: [CreateProbeSqlite, FailingSqlite] },
    }),
  );
  const database = new Database(file, { readonly: true });
  t.teardown(() => database.close());
  const tables = database.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
  t.false(tables.includes("kit_probe"));
  t.deepEqual(database.prepare("SELECT name FROM kit_migrations").all(), []);
});

for (const kind of PROBE_ENGINES) {
  test(`${kind}: timestamps keep their microseconds through a write and a read`, async (t) => {
    const storage = await open(kind);
    const observedAt = Instant.parse("2021-03-04T05:06:07.123456Z");
    await storage.transaction((manager) => manager.save(Probe, { id: "a", observedAt }));
    const found = await storage.read((manager) => manager.findOneByOrFail(Probe, { id: "a" }));
    t.is(found.observedAt.toString(), "2021-03-04T05:06:07.123456Z");
  });

  test(`${kind}: a failed transaction writes nothing`, async (t) => {
    const storage = await open(kind);
    await t.throwsAsync(
      storage.transaction(async (manager) => {
        await manager.save(Probe, { id: "b", observedAt: Instant.now() });
        throw new Error("boom");
      }),
      { message: "boom" },
    );
    t.is(await storage.read((manager) => manager.countBy(Probe, { id: "b" })), 0);
  });

  test(`${kind}: a duplicate key becomes ALREADY_EXISTS, not an internal error`, async (t) => {
    const storage = await open(kind);
    await storage.transaction((manager) => manager.insert(Probe, { id: "c", observedAt: Instant.now() }));
    const error = await t.throwsAsync(
      storage.transaction((manager) => manager.insert(Probe, { id: "c", observedAt: Instant.now() })),
    );
    t.true(error instanceof DomainError);
    t.is((error as DomainError).code, "ALREADY_EXISTS");
  });

  test(`${kind}: concurrent transactions all commit`, async (t) => {
    const storage = await open(kind);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        storage.transaction(async (manager) => {
          await manager.insert(Probe, { id: `p${i}`, observedAt: Instant.now() });
          await manager.count(Probe);
        }),
      ),
    );
    t.is(await storage.read((manager) => manager.count(Probe)), 20);
  });
}

test("sqlite: a read nested in a transaction runs at once instead of waiting for the transaction's lock", async (t) => {
  const storage = await open("sqlite");
  const count = await storage.transaction(async (manager) => {
    await manager.insert(Probe, { id: "nested", observedAt: Instant.now() });
    return storage.read((reader) => reader.countBy(Probe, { id: "nested" }));
  });
  t.is(count, 1);
});

test("sqlite: a read inside a unit of work sees the unit's uncommitted writes, through selectRows too", async (t) => {
  const storage = await open("sqlite");
  const seen = await storage.transaction(async (manager) => {
    await manager.insert(Probe, { id: "uncommitted", observedAt: Instant.now() });
    return storage.read((reader) =>
      selectRows(reader, "SELECT id FROM kit_probe WHERE id = ?", ["uncommitted"]),
    );
  });
  t.deepEqual(seen, [{ id: "uncommitted" }]);
});

test("sqlite: a read does not wait for a long write transaction, and sees only what was committed", async (t) => {
  const storage = await open("sqlite");
  await storage.transaction((manager) =>
    manager.insert(Probe, { id: "committed", observedAt: Instant.now() }),
  );
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let inserted: () => void = () => {};
  const written = new Promise<void>((resolve) => {
    inserted = resolve;
  });
  const writer = storage.transaction(async (manager) => {
    await manager.insert(Probe, { id: "pending", observedAt: Instant.now() });
    inserted();
    await held;
  });
  await written;
  const ids = await storage.read((manager) =>
    selectRows(manager, "SELECT id FROM kit_probe ORDER BY id", []),
  );
  const counted = await storage.read((manager) => manager.count(Probe));
  release();
  await writer;
  t.deepEqual(ids, [{ id: "committed" }]);
  t.is(counted, 1);
});

test("sqlite: a read after a commit sees it", async (t) => {
  const storage = await open("sqlite");
  for (const id of ["first", "second", "third"]) {
    await storage.transaction((manager) => manager.insert(Probe, { id, observedAt: Instant.now() }));
    const [row] = await storage.read((manager) =>
      selectRows<{ n: number }>(manager, "SELECT count(*) AS n FROM kit_probe WHERE id = ?", [id]),
    );
    t.is(row?.n, 1, id);
    t.truthy(await storage.read((manager) => manager.findOneBy(Probe, { id })), id);
  }
});

test("sqlite: a read that writes after all (DDL) runs on the writer's connection instead of failing read-only", async (t) => {
  const storage = await open("sqlite");
  await storage.read(async (manager) => {
    await manager.query("SELECT count(*) FROM kit_probe");
    await manager.query("CREATE TRIGGER kit_probe_stamp AFTER INSERT ON kit_probe BEGIN SELECT 1; END");
  });
  const triggers = await storage.read((manager) =>
    selectRows(manager, "SELECT name FROM sqlite_master WHERE type = 'trigger'", []),
  );
  t.deepEqual(triggers, [{ name: "kit_probe_stamp" }]);
});

test("sqlite: an in-memory database reads what it wrote (its reads stay on its one connection)", async (t) => {
  const storage = await openDomainStorage({
    target: parseDatabaseUrl("sqlite::memory:"),
    domain: "kit",
    entities: [Probe],
    migrations: PROBE_MIGRATIONS,
  });
  t.teardown(() => storage.close());
  await storage.transaction((manager) =>
    manager.insert(Probe, { id: "in-memory", observedAt: Instant.now() }),
  );
  const rows = await storage.read((manager) => selectRows(manager, "SELECT id FROM kit_probe", []));
  t.deepEqual(rows, [{ id: "in-memory" }]);
  t.is(await storage.read((manager) => manager.count(Probe)), 1);
});

for (const kind of PROBE_ENGINES) {
  test(`${kind}: a transaction opened inside another fails clearly instead of hanging`, async (t) => {
    const storage = await open(kind, { checkNestedTransactions: true });
    await t.throwsAsync(
      storage.transaction(() => storage.transaction(async () => "inner")),
      { message: /inside another unit of work/ },
    );
  });
}

test("sqlite: a nested transaction fails clearly even where the check is off (it would deadlock)", async (t) => {
  const storage = await open("sqlite", { checkNestedTransactions: false });
  await t.throwsAsync(
    storage.transaction(() => storage.transaction(async () => "inner")),
    { message: /inside another unit of work/ },
  );
});

for (const kind of ["mysql", "postgres"] as const) {
  test(`${kind}: without the check a transaction inside another runs on a connection of its own`, async (t) => {
    const storage = await open(kind, { checkNestedTransactions: false });
    const inner = await storage.transaction(async (outer) => {
      await outer.insert(Probe, { id: "outer", observedAt: Instant.now() });
      return storage.transaction(async (manager) => {
        // Its own connection: the outer transaction's row is not committed yet.
        const seen = await manager.countBy(Probe, { id: "outer" });
        await manager.insert(Probe, { id: "inner", observedAt: Instant.now() });
        return seen;
      });
    });
    t.is(inner, 0);
    t.is(await storage.read((reader) => reader.countBy(Probe, {})), 2);
  });
}

/** The value of one series of a gauge in the shared registry (undefined when absent). */
async function gaugeValue(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const metric = metricsRegistry.getSingleMetric(name);
  const { values } = (await metric?.get()) ?? { values: [] };
  return values.find((value) => Object.entries(labels).every(([key, v]) => value.labels[key] === v))?.value;
}

// Node 20 gives promises async ids only while some async hook is on: an enabled AsyncLocalStorage.
test.serial(
  "sqlite: once its units of work are done no async hook is on, so reads pay nothing for their scope",
  async (t) => {
    const storage = await open("sqlite", { checkNestedTransactions: true });
    const nested = await storage.transaction(async (manager) => {
      await manager.insert(Probe, { id: "scoped", observedAt: Instant.now() });
      return storage.read((reader) => reader.countBy(Probe, { id: "scoped" }));
    });
    t.is(nested, 1, "the read inside the unit of work ran in its scope");
    await Promise.all(
      [1, 2, 3].map((n) => storage.transaction((manager) => manager.countBy(Probe, { id: `${n}` }))),
    );
    t.is(await storage.read((manager) => manager.countBy(Probe, {})), 1);
    await Promise.resolve();
    t.is(executionAsyncId(), 0, "promises carry async ids: some async hook is on");
    await t.throwsAsync(
      storage.transaction(() => storage.transaction(async () => "inner")),
      { message: /inside another unit of work/ },
      "the next unit of work has its scope again",
    );
  },
);

for (const kind of ["mysql", "postgres"] as const) {
  test.serial(
    `${kind}: the pool's size, connections in use and waiting work are reported per domain`,
    async (t) => {
      const storage = await openDomainStorage({
        target: parseDatabaseUrl(await probeDatabaseUrl(kind)),
        domain: "poolprobe",
        entities: [Probe],
        migrations: PROBE_MIGRATIONS,
        poolSize: 2,
      });
      try {
        t.is(await gaugeValue("m3_database_pool_max_connections", { domain: "poolprobe" }), 2);
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        const holders = [1, 2, 3].map(() => storage.transaction(() => held));
        await new Promise((resolve) => setTimeout(resolve, 200));
        t.deepEqual(storage.poolStats(), { max: 2, inUse: 2, idle: 0, waiting: 1 });
        t.is(await gaugeValue("m3_database_pool_connections", { domain: "poolprobe", state: "in_use" }), 2);
        t.is(await gaugeValue("m3_database_pool_waiting", { domain: "poolprobe" }), 1);
        release();
        await Promise.all(holders);
        t.is(storage.poolStats().inUse, 0);
      } finally {
        await storage.close();
      }
      t.is(await gaugeValue("m3_database_pool_max_connections", { domain: "poolprobe" }), undefined);
    },
  );
}

test.serial(
  "sqlite: the one connection is in use while a unit of work holds it, and the rest wait",
  async (t) => {
    const storage = await open("sqlite");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = storage.transaction(() => held);
    const second = storage.transaction(async () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    t.deepEqual(storage.poolStats(), { max: 1, inUse: 1, idle: 0, waiting: 1 });
    release();
    await Promise.all([first, second]);
    t.deepEqual(storage.poolStats(), { max: 1, inUse: 0, idle: 1, waiting: 0 });
  },
);

test.serial(
  "mysql: a pooled connection keeps a bounded number of prepared statements open, closing the least recently used",
  async (t) => {
    const storage = await openDomainStorage({
      target: parseDatabaseUrl(await createTestDatabase()),
      domain: "statementprobe",
      entities: [Probe],
      migrations: PROBE_MIGRATIONS,
      // One connection, so every statement and the session's counters are on it.
      poolSize: 1,
    });
    try {
      const sessionCounter = async (name: string) => {
        const rows = (await storage.read((manager) =>
          manager.query("SHOW SESSION STATUS LIKE ?", [name]),
        )) as { Value: string }[];
        return Number(rows[0]?.Value);
      };
      const distinct = MAX_PREPARED_STATEMENTS_PER_CONNECTION + 40;
      const preparedBefore = await sessionCounter("Com_stmt_prepare");
      const closedBefore = await sessionCounter("Com_stmt_close");
      for (let index = 0; index < distinct; index++) {
        const [row] = await storage.read((manager) =>
          selectRows<{ n: number | string }>(manager, `SELECT ? + ${index} AS n`, [1]),
        );
        t.is(Number(row?.n), index + 1);
      }
      const prepared = (await sessionCounter("Com_stmt_prepare")) - preparedBefore;
      const closed = (await sessionCounter("Com_stmt_close")) - closedBefore;
      t.is(prepared, distinct);
      t.is(prepared - closed, MAX_PREPARED_STATEMENTS_PER_CONNECTION);
    } finally {
      await storage.close();
    }
  },
);
