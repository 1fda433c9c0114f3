import type { EntityManager } from "typeorm";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import type { Instant } from "../../../kit/time/instant.js";
import { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import { ObservationEntity } from "../../entities/observation.entity.js";

/** An observation with the imaged moment it is on. */
export interface PlacedObservation {
  observation: ObservationEntity;
  moment: ImagedMomentEntity;
}

/** The look-ups and counts of annotations (observations joined with their imaged moments). */
export class AnnotationReadRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The observations that exist among the UUIDs, each with its imaged moment. */
  async placedObservations(uuids: readonly string[]): Promise<PlacedObservation[]> {
    const observations = await queryInChunks(uuids, (chunk) =>
      this.observations().where("o.uuid IN (:...chunk)", { chunk }).getMany(),
    );
    const momentUuids = observations.map((observation) => observation.imagedMomentUuid);
    const moments = await queryInChunks(momentUuids, (chunk) =>
      this.manager
        .getRepository(ImagedMomentEntity)
        .createQueryBuilder("im")
        .where("im.uuid IN (:...chunk)", { chunk })
        .getMany(),
    );
    const momentByUuid = new Map(moments.map((moment) => [moment.uuid, moment]));
    return observations.flatMap((observation) => {
      const moment = momentByUuid.get(observation.imagedMomentUuid);
      return moment ? [{ observation, moment }] : [];
    });
  }

  /** Observations of the videos; with a range, only those whose moment was recorded within it (inclusive). */
  async countByVideos(videoReferenceUuids: readonly string[], range?: [Instant, Instant]): Promise<number> {
    const counts = await queryInChunks(videoReferenceUuids, async (chunk) => {
      const query = this.observations()
        .innerJoin(ImagedMomentEntity, "im", "im.uuid = o.imagedMomentUuid")
        .where("im.videoReferenceUuid IN (:...chunk)", { chunk });
      if (range) {
        query.andWhere("im.recordedTimestamp BETWEEN :start AND :end", {
          start: range[0].toSql(),
          end: range[1].toSql(),
        });
      }
      return [await query.getCount()];
    });
    return counts.reduce((sum, count) => sum + count, 0);
  }

  private observations() {
    return this.manager.getRepository(ObservationEntity).createQueryBuilder("o");
  }
}
