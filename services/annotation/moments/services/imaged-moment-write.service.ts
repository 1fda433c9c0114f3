import type { EntityManager } from "typeorm";
import { DomainError } from "../../../kit/errors/domain-error.js";
import { requireValue } from "../../../kit/input/field-rules.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { Instant } from "../../../kit/time/instant.js";
import { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import { recordMomentsChanged } from "../../events/moment-changes.js";
import { updateColumnByUuid } from "../repositories/column-update.sql.js";
import { ImagedMomentRepository } from "../repositories/imaged-moment.repository.js";
import { MomentQueryRepository } from "../repositories/moment-query.repository.js";
import { notFound, optionalUuid, requireInstant, requireUuid } from "./moment-input.rules.js";
import type { MomentReader, MomentView } from "./moment-reader.js";

/** The index fields an update may set; absent fields are left alone. */
export interface MomentIndexChanges {
  timecode?: string;
  elapsedTimeMillis?: number;
  recordedTimestamp?: Instant;
  videoReferenceUuid?: string;
}

/** One tape-time item: the observation whose imaged moment gets the recorded timestamp. */
export interface TapeTime {
  observationUuid?: string;
  recordedTimestamp?: Instant;
}

/** Changes to imaged moments: indices, recorded timestamps, moves and deletes. Each call is one transaction. */
export class ImagedMomentWriteService {
  constructor(
    private readonly storage: DomainStorage,
    private readonly reader: MomentReader,
  ) {}

  /** Sets the indices present in place (no merge with another moment). */
  async update(uuid: string, changes: MomentIndexChanges): Promise<MomentView> {
    const id = requireUuid(uuid, "uuid");
    const video = optionalUuid(changes.videoReferenceUuid, "video_reference_uuid");
    return this.storage.transaction(async (manager) => {
      const set: Partial<ImagedMomentEntity> = { lastUpdatedTime: Instant.now() };
      if (changes.timecode !== undefined) set.timecode = changes.timecode;
      if (changes.elapsedTimeMillis !== undefined) set.elapsedTimeMillis = changes.elapsedTimeMillis;
      if (changes.recordedTimestamp !== undefined) set.recordedTimestamp = changes.recordedTimestamp;
      if (video !== undefined) set.videoReferenceUuid = video;
      await recordMomentsChanged(manager, [id]);
      const result = await manager.update(ImagedMomentEntity, { uuid: id }, set);
      if (!result.affected) throw notFound();
      return this.readOne(manager, id);
    });
  }

  /** recorded = start + elapsed for every moment of the video with an elapsed time; returns all its moments. */
  async retime(videoReferenceUuid: string, start: Instant | undefined): Promise<MomentView[]> {
    const video = requireUuid(videoReferenceUuid, "video_reference_uuid");
    const origin = requireInstant(start, "timestamp");
    return this.storage.transaction(async (manager) => {
      const uuids = await new MomentQueryRepository(manager).byVideo(video);
      const moments = await new ImagedMomentRepository(manager).findByUuids(uuids);
      const recorded = new Map<string, string>();
      for (const moment of moments) {
        if (moment.elapsedTimeMillis !== null) {
          recorded.set(moment.uuid, origin.plusMillis(moment.elapsedTimeMillis).toSql());
        }
      }
      await updateColumnByUuid(
        manager,
        "imaged_moments",
        "recorded_timestamp",
        recorded,
        Instant.now().toSql(),
      );
      return this.reader.read(manager, uuids);
    });
  }

  /**
   * Gives the imaged moment of each observation the item's recorded timestamp. Every item needs
   * both fields (the spec); an unknown observation is passed over.
   */
  async updateTapeTimes(items: readonly TapeTime[]): Promise<{ received: number; updated: number }> {
    const usable = items.map((item, i) => ({
      observation: requireUuid(item.observationUuid, `annotations[${i}].observation_uuid`),
      at: requireValue(item.recordedTimestamp, "recorded_timestamp", `annotations[${i}].`),
    }));
    if (usable.length > 0) {
      await this.storage.transaction(async (manager) => {
        const owners = await new MomentQueryRepository(manager).momentsOfObservations(
          usable.map((item) => item.observation),
        );
        const recorded = new Map<string, string>();
        for (const item of usable) {
          const moment = owners.get(item.observation);
          if (moment !== undefined) recorded.set(moment, item.at.toSql());
        }
        await updateColumnByUuid(
          manager,
          "imaged_moments",
          "recorded_timestamp",
          recorded,
          Instant.now().toSql(),
        );
      });
    }
    return { received: items.length, updated: usable.length };
  }

  /**
   * Moves moments to another video; with a start instant, moved moments that have an elapsed
   * time (and a recorded timestamp) get elapsed = recorded - start. Returns the moments moved.
   */
  async move(
    videoReferenceUuid: string,
    imagedMomentUuids: readonly string[],
    start?: Instant,
  ): Promise<number> {
    const video = requireUuid(videoReferenceUuid, "video_reference_uuid");
    const uuids = requireValue(imagedMomentUuids, "imaged_moment_uuids").map((uuid, i) =>
      requireUuid(uuid, `imaged_moment_uuids[${i}]`),
    );
    return this.storage.transaction(async (manager) => {
      const moments = await new ImagedMomentRepository(manager).findByUuids(uuids);
      const now = Instant.now().toSql();
      const target = new Map(moments.map((moment) => [moment.uuid, video]));
      const moved = await updateColumnByUuid(manager, "imaged_moments", "video_reference_uuid", target, now);
      if (start) {
        const elapsed = new Map<string, number>();
        for (const moment of moments) {
          if (moment.elapsedTimeMillis !== null && moment.recordedTimestamp) {
            elapsed.set(
              moment.uuid,
              Math.round((moment.recordedTimestamp.epochMicros - start.epochMicros) / 1000),
            );
          }
        }
        await updateColumnByUuid(manager, "imaged_moments", "elapsed_time_millis", elapsed, now);
      }
      return moved;
    });
  }

  /** Deletes a moment with everything hanging off it; NOT_FOUND when unknown. */
  async delete(uuid: string): Promise<void> {
    const id = requireUuid(uuid, "uuid");
    const deleted = await this.storage.transaction((manager) =>
      new ImagedMomentRepository(manager).deleteByUuids([id]),
    );
    if (deleted === 0) throw notFound();
  }

  /** Deletes every moment of a video; returns how many. */
  async deleteByVideo(videoReferenceUuid: string): Promise<number> {
    const video = requireUuid(videoReferenceUuid, "video_reference_uuid");
    return this.storage.transaction(async (manager) =>
      new ImagedMomentRepository(manager).deleteByUuids(
        await new MomentQueryRepository(manager).byVideo(video),
      ),
    );
  }

  private async readOne(manager: EntityManager, uuid: string): Promise<MomentView> {
    const view = await this.reader.readOne(manager, uuid);
    if (!view) throw DomainError.notFound("Not found");
    return view;
  }
}
