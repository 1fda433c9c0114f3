/**
 * readConcurrently: independent reads overlap on a pool's manager, and run one after another on
 * a transaction's (one connection), with their answers in the order of the reads either way.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import type { EntityManager } from "typeorm";
import { readConcurrently } from "../../../services/kit/storage/concurrent-reads.js";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { BACKENDS, freshKbDatabaseUrl, stopKbTestServers } from "../../support/kb/kb-databases.js";

const sqliteDir = mkdtempSync(join(tmpdir(), "m3-concurrent-reads-"));
const opened: DomainStorage[] = [];
test.after.always(async () => {
  await Promise.all(opened.map((storage) => storage.close()));
  rmSync(sqliteDir, { recursive: true, force: true });
  await stopKbTestServers();
});

/** Reads that each answer their number, and the most of them that were running at once. */
function numberedReads(manager: EntityManager, count: number) {
  let running = 0;
  const seen = { most: 0 };
  const reads = Array.from({ length: count }, (_, i) => async () => {
    running += 1;
    seen.most = Math.max(seen.most, running);
    const rows: { n: number | string }[] = await manager.query(`SELECT ${i} AS n`);
    running -= 1;
    return Number(rows[0]?.n);
  });
  return { reads, seen };
}

for (const backend of BACKENDS) {
  test(`${backend}: reads run one at a time in a transaction and together outside one, answering in order`, async (t) => {
    const storage = await openDomainStorage({
      target: parseDatabaseUrl(await freshKbDatabaseUrl(backend, "m3_concurrent_reads", sqliteDir)),
      domain: "kit",
      entities: [],
      migrations: { mysql: [], postgres: [], sqlite: [] },
    });
    opened.push(storage);
    const inside = await storage.transaction(async (manager) => {
      const { reads, seen } = numberedReads(manager, 4);
      return { answers: await readConcurrently(manager, reads), most: seen.most };
    });
    t.deepEqual(inside, { answers: [0, 1, 2, 3], most: 1 });
    const outside = await storage.read(async (manager) => {
      const { reads, seen } = numberedReads(manager, 4);
      return { answers: await readConcurrently(manager, reads), most: seen.most };
    });
    t.deepEqual(outside, { answers: [0, 1, 2, 3], most: 4 });
  });
}
