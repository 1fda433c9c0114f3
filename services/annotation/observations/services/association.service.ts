import type { EntityManager } from "typeorm";
import { uuidV7 } from "../../../kit/ids/uuid.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { Instant } from "../../../kit/time/instant.js";
import { AssociationEntity } from "../../entities/association.entity.js";
import {
  type AssociationChanges,
  AssociationRepository,
  type ConceptAssociationRow,
  type OwnedAssociation,
} from "../repositories/association.repository.js";
import { ObservationRepository } from "../repositories/observation.repository.js";
import {
  type AssociationFields,
  checkAssociationFields,
  checkOverwrites,
} from "./association-input.rules.js";
import { notFound } from "./observation-errors.js";
import {
  checkRename,
  definedOnly,
  MAX_LENGTH,
  requireText,
  requireUuid,
  requireUuids,
} from "./observation-input.rules.js";
import type { ConceptCountResult, RenameResult } from "./observation-query.service.js";

export const DEFAULT_MIME_TYPE = "text/plain";

export interface AssociationInput extends AssociationFields {
  observationUuid?: string;
}

/** Associations of observations: reads, writes one or many, and the to-concept rename. */
export class AssociationService {
  constructor(private readonly storage: DomainStorage) {}

  async get(uuid: string): Promise<OwnedAssociation> {
    const id = requireUuid(uuid, "uuid");
    return this.storage.read((manager) => loadOwned(manager, id));
  }

  async listByVideoReferenceAndLinkName(
    videoReferenceUuid: string,
    linkName: string,
    concept?: string,
  ): Promise<AssociationEntity[]> {
    const video = requireUuid(videoReferenceUuid, "video_reference_uuid");
    const name = requireText(linkName, "link_name");
    return this.storage.read((manager) =>
      new AssociationRepository(manager).listByVideoAndLinkName(video, name, concept),
    );
  }

  async listConceptAssociations(
    videoReferenceUuids: readonly string[],
    linkName: string,
  ): Promise<{ videoReferenceUuids: string[]; linkName: string; rows: ConceptAssociationRow[] }> {
    const videos = requireUuids(videoReferenceUuids, "video_reference_uuids");
    const name = requireText(linkName, "link_name");
    const rows = await this.storage.read((manager) =>
      new AssociationRepository(manager).listConceptAssociations(videos, name),
    );
    return { videoReferenceUuids: videos, linkName: name, rows };
  }

  async countByToConcept(concept: string): Promise<ConceptCountResult> {
    const name = requireText(concept, "concept");
    const count = await this.storage.read((manager) =>
      new AssociationRepository(manager).countByToConcept(name),
    );
    return { concept: name, count };
  }

  async renameToConcept(oldConcept: string, newConcept: string): Promise<RenameResult> {
    const names = checkRename(oldConcept, newConcept, MAX_LENGTH.toConcept);
    const count = await this.storage.transaction((manager) =>
      new AssociationRepository(manager).renameToConcept(names.old, names.new, Instant.now()),
    );
    return { oldConcept: names.old, newConcept: names.new, count };
  }

  /** Adds an association to an existing observation; the MIME type defaults to text/plain. */
  async create(input: AssociationInput): Promise<OwnedAssociation> {
    const observationUuid = requireUuid(input.observationUuid, "observation_uuid");
    const fields = checkAssociationFields(input, { complete: true });
    return this.storage.transaction(async (manager) => {
      if (!(await new ObservationRepository(manager).findByUuid(observationUuid))) {
        throw notFound("Observation", observationUuid);
      }
      const association = Object.assign(new AssociationEntity(), {
        uuid: uuidV7(),
        observationUuid,
        linkName: fields.linkName,
        toConcept: fields.toConcept ?? null,
        linkValue: fields.linkValue ?? null,
        mimeType: fields.mimeType ?? DEFAULT_MIME_TYPE,
        lastUpdatedTime: Instant.now(),
      });
      await new AssociationRepository(manager).insertMany([association]);
      return loadOwned(manager, association.uuid);
    });
  }

  /** Applies the fields given; an observation UUID moves the association to that observation. */
  async update(uuid: string, input: AssociationInput): Promise<OwnedAssociation> {
    const id = requireUuid(uuid, "uuid");
    const changes: AssociationChanges = {
      ...definedOnly(checkAssociationFields(input, { complete: false })),
      ...(input.observationUuid === undefined
        ? {}
        : { observationUuid: requireUuid(input.observationUuid, "observation_uuid") }),
    };
    return this.storage.transaction(async (manager) => {
      const associations = new AssociationRepository(manager);
      if (!(await associations.findByUuid(id))) throw notFound("Association", id);
      if (changes.observationUuid !== undefined) {
        const owner = await new ObservationRepository(manager).findByUuid(changes.observationUuid);
        if (!owner) throw notFound("Observation", changes.observationUuid);
      }
      await associations.update(id, changes, Instant.now());
      return loadOwned(manager, id);
    });
  }

  /**
   * Overwrites link name, to-concept and link value (and the MIME type when given) of each
   * association listed by UUID; items without a UUID, or with an unknown one, are skipped.
   */
  async updateMany(items: readonly (AssociationInput & { uuid?: string })[]): Promise<OwnedAssociation[]> {
    const overwrites = checkOverwrites(items);
    if (overwrites.length === 0) return [];
    return this.storage.transaction(async (manager) => {
      const associations = new AssociationRepository(manager);
      const existing = new Set(
        (await associations.listOwned(overwrites.map((row) => row.uuid))).map((row) => row.association.uuid),
      );
      const known = overwrites.filter((row) => existing.has(row.uuid));
      await associations.overwriteEach(known, Instant.now());
      return associations.listOwned(known.map((row) => row.uuid));
    });
  }

  async delete(uuid: string): Promise<void> {
    const id = requireUuid(uuid, "uuid");
    const deleted = await this.storage.transaction((manager) =>
      new AssociationRepository(manager).deleteMany([id]),
    );
    if (deleted === 0) throw notFound("Association", id);
  }

  /** Deletes the listed associations; unknown UUIDs are ignored, an empty list is refused. */
  async deleteMany(uuids: readonly string[]): Promise<void> {
    const ids = requireUuids(uuids, "uuids");
    await this.storage.transaction((manager) => new AssociationRepository(manager).deleteMany(ids));
  }
}

async function loadOwned(manager: EntityManager, uuid: string): Promise<OwnedAssociation> {
  const [owned] = await new AssociationRepository(manager).listOwned([uuid]);
  if (!owned) throw notFound("Association", uuid);
  return owned;
}
