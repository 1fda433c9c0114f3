import type { EntityManager } from "typeorm";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import type { Instant } from "../../../kit/time/instant.js";
import { AssociationEntity } from "../../entities/association.entity.js";
import { ImageReferenceEntity } from "../../entities/image-reference.entity.js";
import { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import { ObservationEntity } from "../../entities/observation.entity.js";
import { type ListPage, paged } from "./list-page.js";

/** Where an observation sits: the keys an annotation read starts from. */
export interface ObservationPlace {
  observationUuid: string;
  imagedMomentUuid: string;
}

/** An observation with the imaged moment it is on. */
export interface PlacedObservation {
  observation: ObservationEntity;
  moment: ImagedMomentEntity;
}

/** The look-ups and counts of annotations (observations joined with their imaged moments). */
export class AnnotationReadRepository {
  constructor(private readonly manager: EntityManager) {}

  async placeOfObservation(observationUuid: string): Promise<ObservationPlace | undefined> {
    const row = await this.observations()
      .select(["o.uuid AS observation_uuid", "o.imaged_moment_uuid AS imaged_moment_uuid"])
      .where("o.uuid = :observationUuid", { observationUuid })
      .getRawOne<RawPlace>();
    return row && placeOf(row);
  }

  async placeOfAssociation(associationUuid: string): Promise<ObservationPlace | undefined> {
    const row = await this.observations()
      .select(["o.uuid AS observation_uuid", "o.imaged_moment_uuid AS imaged_moment_uuid"])
      .innerJoin(AssociationEntity, "a", "a.observationUuid = o.uuid")
      .where("a.uuid = :associationUuid", { associationUuid })
      .getRawOne<RawPlace>();
    return row && placeOf(row);
  }

  async momentOfImage(imageReferenceUuid: string): Promise<string | undefined> {
    const row = await this.manager
      .getRepository(ImageReferenceEntity)
      .createQueryBuilder("ir")
      .select("ir.imaged_moment_uuid", "moment")
      .where("ir.uuid = :imageReferenceUuid", { imageReferenceUuid })
      .getRawOne<{ moment: string }>();
    return row?.moment;
  }

  /** A page of a video's observations, ordered by observation UUID. */
  async pageOfVideo(videoReferenceUuid: string, page: ListPage): Promise<ObservationPlace[]> {
    const query = this.observations()
      .select(["o.uuid AS observation_uuid", "o.imaged_moment_uuid AS imaged_moment_uuid"])
      .innerJoin(ImagedMomentEntity, "im", "im.uuid = o.imagedMomentUuid")
      .where("im.videoReferenceUuid = :videoReferenceUuid", { videoReferenceUuid })
      .orderBy("o.uuid");
    const rows = await paged(query, page).getRawMany<RawPlace>();
    return rows.map(placeOf);
  }

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

interface RawPlace {
  observation_uuid: string;
  imaged_moment_uuid: string;
}

function placeOf(row: RawPlace): ObservationPlace {
  return { observationUuid: row.observation_uuid, imagedMomentUuid: row.imaged_moment_uuid };
}
