import type { EntityManager } from "typeorm";
import { placeholders } from "../../kit/sql/placeholders.js";
import { queryInChunks } from "../../kit/storage/in-chunks.js";

type UuidRow = { uuid: string };

/**
 * Finds the records a write is about to change that it does not name itself (the children a
 * delete cascades to, the rows a rename touches), so their change events can be published.
 */
export class ChangedRowsRepository {
  constructor(private readonly manager: EntityManager) {}

  associationsOfObservations(observationUuids: readonly string[]): Promise<string[]> {
    return this.inChunks(observationUuids, "SELECT uuid FROM associations WHERE observation_uuid IN");
  }

  observationsOfMoments(momentUuids: readonly string[]): Promise<string[]> {
    return this.inChunks(momentUuids, "SELECT uuid FROM observations WHERE imaged_moment_uuid IN");
  }

  associationsOfMoments(momentUuids: readonly string[]): Promise<string[]> {
    return this.inChunks(
      momentUuids,
      `SELECT a.uuid FROM associations a JOIN observations o ON o.uuid = a.observation_uuid
       WHERE o.imaged_moment_uuid IN`,
    );
  }

  imageReferencesOfMoments(momentUuids: readonly string[]): Promise<string[]> {
    return this.inChunks(momentUuids, "SELECT uuid FROM image_references WHERE imaged_moment_uuid IN");
  }

  ancillaryDataOfMoments(momentUuids: readonly string[]): Promise<string[]> {
    return this.inChunks(momentUuids, "SELECT uuid FROM ancillary_data WHERE imaged_moment_uuid IN");
  }

  /** Those of the associations that exist. */
  existingAssociations(uuids: readonly string[]): Promise<string[]> {
    return this.inChunks(uuids, "SELECT uuid FROM associations WHERE uuid IN");
  }

  /** The ancillary datum of each of these moments that has one, by moment. */
  async ancillaryDataByMoment(momentUuids: readonly string[]): Promise<Map<string, string>> {
    const rows = await queryInChunks(
      momentUuids,
      (chunk) =>
        this.manager.query(
          `SELECT imaged_moment_uuid AS moment, uuid FROM ancillary_data
           WHERE imaged_moment_uuid IN (${placeholders(chunk.length)})`,
          chunk,
        ) as Promise<{ moment: string; uuid: string }[]>,
    );
    return new Map(rows.map((row) => [row.moment, row.uuid]));
  }

  async momentsOfVideo(videoReferenceUuid: string): Promise<string[]> {
    const rows: UuidRow[] = await this.manager.query(
      "SELECT uuid FROM imaged_moments WHERE video_reference_uuid = ?",
      [videoReferenceUuid],
    );
    return rows.map((row) => row.uuid);
  }

  async observationsWithConcept(concept: string): Promise<string[]> {
    const rows: UuidRow[] = await this.manager.query("SELECT uuid FROM observations WHERE concept = ?", [
      concept,
    ]);
    return rows.map((row) => row.uuid);
  }

  async associationsWithToConcept(toConcept: string): Promise<string[]> {
    const rows: UuidRow[] = await this.manager.query("SELECT uuid FROM associations WHERE to_concept = ?", [
      toConcept,
    ]);
    return rows.map((row) => row.uuid);
  }

  /** `select` ends with `IN`; the list of keys is appended, a chunk at a time. */
  private async inChunks(keys: readonly string[], select: string): Promise<string[]> {
    const rows = await queryInChunks(
      keys,
      (chunk) => this.manager.query(`${select} (${placeholders(chunk.length)})`, chunk) as Promise<UuidRow[]>,
    );
    return rows.map((row) => row.uuid);
  }
}
