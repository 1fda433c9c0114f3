import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { openAnnotationStorage } from "../../../services/annotation/annotation-domain.js";
import { HistogramCountTriggersRepository } from "../../../services/annotation/query/repositories/histogram-count-triggers.repository.js";
import { HistogramCountsService } from "../../../services/annotation/query/services/histogram-counts.service.js";

/**
 * `m3 migrate` makes the count triggers a database lacks. On a SQLite file, whose reads run on a
 * read-only connection, making them is a write: it goes through a transaction on the writer's.
 */
test("sqlite: turning the counts on makes a missing trigger again and recounts", async (t) => {
  const directory = mkdtempSync(join(tmpdir(), "m3-turn-on-"));
  const storage = await openAnnotationStorage({ kind: "sqlite", file: join(directory, "annotation.sqlite") });
  try {
    const triggers = new HistogramCountTriggersRepository(storage);
    const [first] = await storage.read(
      (manager) =>
        manager.query("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name") as Promise<
          { name: string }[]
        >,
    );
    if (first === undefined) throw new Error("the migrations made no trigger");
    await storage.transaction((manager) => manager.query(`DROP TRIGGER ${first.name}`));
    t.deepEqual(await triggers.missing(), [first.name]);
    t.is(await new HistogramCountsService(triggers).turnOn(), "turned-on");
    t.deepEqual(await triggers.missing(), []);
  } finally {
    await storage.close();
    rmSync(directory, { recursive: true, force: true });
  }
});
