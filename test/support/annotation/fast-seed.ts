/**
 * Raw-SQL seeding for the fast-query integration tests: many annotations in a few
 * statements, without going through the write services.
 */
import { randomUUID } from "node:crypto";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { Instant } from "../../../services/kit/time/instant.js";

export interface SeededVideo {
  video: string;
  /** Observation UUIDs, sorted. */
  observations: string[];
}

/**
 * One video with `count` moments, one observation each; observation i has concept
 * `concepts[i % concepts.length]` and every third one an association to "Target".
 */
export async function seedVideo(
  storage: DomainStorage,
  count: number,
  concepts: readonly string[],
): Promise<SeededVideo> {
  const video = randomUUID();
  const now = Instant.now().toSql();
  const moments: unknown[][] = [];
  const observations: unknown[][] = [];
  const associations: unknown[][] = [];
  for (let i = 0; i < count; i++) {
    const moment = randomUUID();
    const observation = randomUUID();
    moments.push([moment, video, i * 1000, Instant.ofEpochMillis(i * 1000).toSql(), now]);
    observations.push([observation, moment, concepts[i % concepts.length], now, now]);
    if (i % 3 === 0)
      associations.push([randomUUID(), observation, "near", "Target", "nil", "text/plain", now]);
  }
  await storage.transaction(async (manager) => {
    await insert(
      manager,
      "imaged_moments (uuid, video_reference_uuid, elapsed_time_millis, recorded_timestamp, last_updated_timestamp)",
      moments,
    );
    await insert(
      manager,
      "observations (uuid, imaged_moment_uuid, concept, observation_timestamp, last_updated_timestamp)",
      observations,
    );
    await insert(
      manager,
      "associations (uuid, observation_uuid, link_name, to_concept, link_value, mime_type, last_updated_timestamp)",
      associations,
    );
  });
  return { video, observations: observations.map((row) => row[0] as string).sort() };
}

async function insert(
  manager: { query(sql: string, params: unknown[]): Promise<unknown> },
  into: string,
  rows: unknown[][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 100) {
    const chunk = rows.slice(start, start + 100);
    const row = `(${chunk[0]?.map(() => "?").join(", ")})`;
    await manager.query(`INSERT INTO ${into} VALUES ${chunk.map(() => row).join(", ")}`, chunk.flat());
  }
}
