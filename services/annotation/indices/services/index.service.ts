import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { Instant } from "../../../kit/time/instant.js";
import { pageOf, requireUuid } from "../../annotations/services/annotation-input.rules.js";
import type { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import { IndexRepository, type RecordedTimestampChange } from "../repositories/index.repository.js";

/** One item of a tape-time update: only the UUID and the recorded timestamp are used. */
export interface IndexUpdateInput {
  uuid?: string;
  recordedTimestamp?: Instant;
}

/** Time indices: the timecode, elapsed time and recorded timestamp of imaged moments. */
export class IndexService {
  constructor(private readonly storage: DomainStorage) {}

  async listByVideoReference(
    videoReferenceUuid: string,
    limit?: number,
    offset?: number,
  ): Promise<ImagedMomentEntity[]> {
    const video = requireUuid(videoReferenceUuid, "video_reference_uuid");
    const page = pageOf(limit, offset);
    return this.storage.read((manager) => new IndexRepository(manager).listByVideoReference(video, page));
  }

  /**
   * Sets the recorded timestamp of each listed imaged moment that exists; items without a
   * recorded timestamp are skipped. Returns the moments changed, ordered by UUID.
   */
  async updateRecordedTimestamps(items: readonly IndexUpdateInput[]): Promise<ImagedMomentEntity[]> {
    const requested = new Map<string, Instant>();
    items.forEach((item, index) => {
      const uuid = requireUuid(item.uuid, `indices[${index}].uuid`);
      if (item.recordedTimestamp) requested.set(uuid, item.recordedTimestamp);
    });
    if (requested.size === 0) return [];
    return this.storage.transaction(async (manager) => {
      const indices = new IndexRepository(manager);
      const existing = await indices.listByUuids([...requested.keys()]);
      const changes: RecordedTimestampChange[] = existing.map((moment) => ({
        uuid: moment.uuid,
        recordedTimestamp: requested.get(moment.uuid) as Instant,
      }));
      await indices.updateRecordedTimestamps(changes, Instant.now());
      return indices.listByUuids(changes.map((change) => change.uuid));
    });
  }
}
