import type { EntityManager } from "typeorm";
import { recordChanges, recordChangesFound } from "./change-recorder.js";
import { ChangedRowsRepository } from "./changed-rows.repository.js";

/**
 * Records that these imaged moments' indices or video changed: each of their observations is an
 * annotation that changed (annosaurus publishes an annotation, observation and moment together).
 */
export function recordMomentsChanged(manager: EntityManager, momentUuids: readonly string[]): Promise<void> {
  return recordChangesFound(manager, "UPDATED", "OBSERVATION", () =>
    new ChangedRowsRepository(manager).observationsOfMoments(momentUuids),
  );
}

/**
 * Records, before these imaged moments are deleted, the records the delete takes with them: their
 * observations, associations, image references and ancillary data.
 */
export async function recordMomentsDeleted(
  manager: EntityManager,
  momentUuids: readonly string[],
): Promise<void> {
  const rows = new ChangedRowsRepository(manager);
  await recordChangesFound(manager, "DELETED", "ASSOCIATION", () => rows.associationsOfMoments(momentUuids));
  await recordChangesFound(manager, "DELETED", "OBSERVATION", () => rows.observationsOfMoments(momentUuids));
  await recordChangesFound(manager, "DELETED", "IMAGE_REFERENCE", () =>
    rows.imageReferencesOfMoments(momentUuids),
  );
  await recordChangesFound(manager, "DELETED", "ANCILLARY_DATUM", () =>
    rows.ancillaryDataOfMoments(momentUuids),
  );
}

/** Records the ancillary data about to be written for these moments: new ones created, existing ones updated. */
export async function recordAncillaryDataWritten(
  manager: EntityManager,
  rows: readonly { uuid: string; imagedMomentUuid: string }[],
): Promise<void> {
  await recordChangesFound(manager, "UPDATED", "ANCILLARY_DATUM", async () => {
    const existing = await new ChangedRowsRepository(manager).ancillaryDataByMoment(
      rows.map((row) => row.imagedMomentUuid),
    );
    await recordChanges(
      manager,
      "CREATED",
      "ANCILLARY_DATUM",
      rows.filter((row) => !existing.has(row.imagedMomentUuid)).map((row) => row.uuid),
    );
    return existing.values();
  });
}
