import type { EntityManager } from "typeorm";
import type { AncillaryDatumEntity } from "../entities/ancillary-datum.entity.js";
import type { ImageReferenceEntity } from "../entities/image-reference.entity.js";
import type { ImagedMomentEntity } from "../entities/imaged-moment.entity.js";
import type { MomentIndexKey } from "./moment-index.js";

/** An imaged moment with its images (ordered by URL) and its ancillary datum. */
export interface MomentGraph {
  moment: ImagedMomentEntity;
  imageReferences: ImageReferenceEntity[];
  ancillaryDatum: AncillaryDatumEntity | undefined;
}

/**
 * Imaged-moment building blocks shared by every annotation part (implemented by the
 * moments part, `createImagedMomentStore()`). Each takes the EntityManager of the caller's
 * read or transaction; the writes must run inside storage.transaction.
 */
export interface ImagedMomentStore {
  /**
   * The imaged moment the key belongs to (timecode > elapsed time > recorded timestamp),
   * created when there is none. A key without any index always creates a new moment. A
   * reused moment keeps its indices. Race-safe: concurrent calls for the same video are
   * serialised by a per-video row lock, so they never create duplicates.
   */
  findOrCreate(manager: EntityManager, key: MomentIndexKey): Promise<ImagedMomentEntity>;
  /**
   * findOrCreate for many keys at once, set-based (one lock statement, one candidate read
   * per chunk, one multi-row insert). Keys are resolved in order, so a later key can match
   * a moment created for an earlier one. Returns one moment per key, in key order.
   */
  findOrCreateMany(manager: EntityManager, keys: readonly MomentIndexKey[]): Promise<ImagedMomentEntity[]>;
  /** findOrCreateMany that also lists the moments it created (each once, as inserted). */
  findOrCreateManyTracked(
    manager: EntityManager,
    keys: readonly MomentIndexKey[],
  ): Promise<{ moments: ImagedMomentEntity[]; created: ImagedMomentEntity[] }>;
  /** The moments with their images and ancillary data, ordered by moment UUID; unknown UUIDs are skipped. */
  loadMoments(manager: EntityManager, uuids: readonly string[]): Promise<MomentGraph[]>;
  /** Deletes those of the moments that have neither observations nor images; returns the UUIDs deleted. */
  deleteIfEmpty(manager: EntityManager, uuids: readonly string[]): Promise<string[]>;
}
