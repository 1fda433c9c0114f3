import { randomUUID } from "node:crypto";
import test from "ava";
import { AnnotationsViewSource } from "../../../services/annotation/query/repositories/annotations-view.source.js";
import { TabularQueryRepository } from "../../../services/annotation/query/repositories/tabular-query.repository.js";
import { instantText } from "../../../services/annotation/query/services/java-text.js";
import { TabularQueryService } from "../../../services/annotation/query/services/tabular-query.service.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import {
  BACKENDS,
  type Backend,
  closeAnnotationTestStorages,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";

test.after.always(closeAnnotationTestStorages);

const NOW = "2024-05-01 00:00:00.000000";
/**
 * Short runs of equal recorded timestamps for the first moments (every fiftieth moment has none,
 * a run of nulls), a few rows each, more than a streamed batch (512 rows) in all...
 */
const SHORT_RUN_MOMENTS = 300;
/** ...then one long run, last in the order, for the rest. */
const LONG_RUN = "2021-01-01 00:00:00.500000";
const MOMENTS = 340;

function recordedOf(moment: number): string | null {
  if (moment >= SHORT_RUN_MOMENTS) return LONG_RUN;
  if (moment % 50 === 0) return null;
  return `2020-01-01 00:${String(Math.floor(moment / 6)).padStart(2, "0")}:00.000000`;
}

interface Seeded {
  storage: DomainStorage;
  /** Every row's `index_recorded_timestamp\tobservation_uuid` line, in the order asked. */
  expected: string[];
}

/** Moments with two observations each (random UUIDs, so no insertion order helps), some with associations. */
async function seed(backend: Backend): Promise<Seeded> {
  const storage = await openAnnotationTestStorage(backend);
  const rows: Array<{ recorded: string | null; observation: string }> = [];
  await storage.transaction(async (manager) => {
    for (let m = 0; m < MOMENTS; m++) {
      const moment = randomUUID();
      const recorded = recordedOf(m);
      await manager.query(
        `INSERT INTO imaged_moments (uuid, video_reference_uuid, elapsed_time_millis, recorded_timestamp, last_updated_timestamp)
         VALUES (?, ?, ?, ?, ?)`,
        [moment, randomUUID(), m * 1000, recorded, NOW],
      );
      for (let o = 0; o < 2; o++) {
        const observation = randomUUID();
        await manager.query(
          `INSERT INTO observations (uuid, imaged_moment_uuid, concept, observation_timestamp, last_updated_timestamp)
           VALUES (?, ?, 'Aurelia', ?, ?)`,
          [observation, moment, NOW, NOW],
        );
        const associations = (m + o) % 3;
        for (let a = 0; a < associations; a++) {
          await manager.query(
            `INSERT INTO associations (uuid, observation_uuid, link_name, mime_type, last_updated_timestamp)
             VALUES (?, ?, 'color', 'text/plain', ?)`,
            [randomUUID(), observation, NOW],
          );
        }
        for (let line = 0; line < Math.max(associations, 1); line++) rows.push({ recorded, observation });
      }
    }
  });
  const text = (value: string | null) => (value === null ? "" : instantText(value));
  const expected = rows
    .sort((a, b) => compare(a.recorded, b.recorded) || compare(a.observation, b.observation))
    .map((row) => `${text(row.recorded)}\t${row.observation}`);
  return { storage, expected };
}

function compare(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

async function download(storage: DomainStorage, maxRun?: number): Promise<string[]> {
  const service = new TabularQueryService(
    new TabularQueryRepository(storage, new AnnotationsViewSource(storage, undefined), maxRun),
  );
  const chunks: Buffer[] = [];
  const request = {
    select: ["index_recorded_timestamp", "observation_uuid"],
    where: [],
    orderBy: ["index_recorded_timestamp", "observation_uuid"],
  };
  for await (const chunk of service.download(request, new AbortController().signal)) chunks.push(chunk);
  const [, ...lines] = Buffer.concat(chunks).toString("utf8").trimEnd().split("\n");
  return lines;
}

for (const backend of BACKENDS) {
  test(`${backend}: a download ordered by recorded timestamp then observation comes out in that order`, async (t) => {
    const { storage, expected } = await seed(backend);
    const lines = await download(storage);
    t.is(lines.length, expected.length);
    t.deepEqual(lines, expected);
  });

  test(`${backend}: a run of equal timestamps longer than the limit is sorted by the database instead, same rows`, async (t) => {
    const { storage, expected } = await seed(backend);
    // The short runs (at most 30 rows each) are given out; the long one (80+) restarts the query past them.
    const lines = await download(storage, 50);
    t.deepEqual(lines, expected);
  });
}
