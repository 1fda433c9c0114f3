import type { EntityManager } from "typeorm";
import type { MomentGraph } from "../../contracts/imaged-moment-store.js";
import type { ObservationGraph } from "../../contracts/observation-store.js";
import { AncillaryDatumEntity } from "../../entities/ancillary-datum.entity.js";
import type { AssociationEntity } from "../../entities/association.entity.js";
import { ImageReferenceEntity } from "../../entities/image-reference.entity.js";
import { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import type { ObservationEntity } from "../../entities/observation.entity.js";
import { groupBy } from "../../shared/group-by.js";
import { associationOfRow, momentOfRow, observationOfRow, type Row } from "../../shared/row-mappers.js";

/** Everything annotated on one video: its moments with images and data, its observations with associations. */
export interface VideoAnnotations {
  moments: MomentGraph[];
  /** Ordered by observation UUID, each with its associations in UUID order. */
  observations: ObservationGraph[];
}

const BY_VIDEO = "im.video_reference_uuid = ?";

/**
 * Reads a whole video in five statements keyed by the video (no IN lists of moment or
 * observation UUIDs). A dive holds tens of thousands of annotations, so the three large
 * tables are mapped from raw rows instead of being hydrated through TypeORM's entity
 * transformer, which dominated the read's profile.
 */
export class VideoAnnotationRepository {
  constructor(private readonly manager: EntityManager) {}

  async read(videoReferenceUuid: string): Promise<VideoAnnotations> {
    const moments = await this.rows(
      `SELECT im.uuid, im.video_reference_uuid, im.elapsed_time_millis, im.recorded_timestamp, im.timecode,
              im.last_updated_timestamp
       FROM imaged_moments im WHERE ${BY_VIDEO}`,
      videoReferenceUuid,
    );
    if (moments.length === 0) return { moments: [], observations: [] };
    const observations = await this.rows(
      `SELECT o.uuid, o.imaged_moment_uuid, o.activity, o.concept, o.duration_millis, o.observation_group,
              o.observation_timestamp, o.observer, o.last_updated_timestamp
       FROM observations o JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid WHERE ${BY_VIDEO}`,
      videoReferenceUuid,
    );
    const associations = await this.rows(
      `SELECT a.uuid, a.observation_uuid, a.link_name, a.to_concept, a.link_value, a.mime_type,
              a.last_updated_timestamp
       FROM associations a JOIN observations o ON o.uuid = a.observation_uuid
       JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid WHERE ${BY_VIDEO}`,
      videoReferenceUuid,
    );
    const images = await this.manager
      .getRepository(ImageReferenceEntity)
      .createQueryBuilder("ir")
      .innerJoin(ImagedMomentEntity, "im", "im.uuid = ir.imagedMomentUuid")
      .where("im.videoReferenceUuid = :videoReferenceUuid", { videoReferenceUuid })
      .getMany();
    const data = await this.manager
      .getRepository(AncillaryDatumEntity)
      .createQueryBuilder("ad")
      .innerJoin(ImagedMomentEntity, "im", "im.uuid = ad.imagedMomentUuid")
      .where("im.videoReferenceUuid = :videoReferenceUuid", { videoReferenceUuid })
      .getMany();
    return {
      moments: momentGraphs(moments.map(momentOfRow), images, data),
      observations: observationGraphs(
        observations.map(observationOfRow).sort(byUuid),
        associations.map(associationOfRow).sort(byUuid),
      ),
    };
  }

  private rows(sql: string, videoReferenceUuid: string): Promise<Row[]> {
    return this.manager.query(sql, [videoReferenceUuid]);
  }
}

function momentGraphs(
  moments: ImagedMomentEntity[],
  images: ImageReferenceEntity[],
  data: AncillaryDatumEntity[],
): MomentGraph[] {
  const imagesOf = groupBy(
    images.sort((a, b) => compare(a.url, b.url)),
    (image) => image.imagedMomentUuid,
  );
  const datumOf = new Map(data.map((datum) => [datum.imagedMomentUuid, datum]));
  return moments.map((moment) => ({
    moment,
    imageReferences: imagesOf.get(moment.uuid) ?? [],
    ancillaryDatum: datumOf.get(moment.uuid),
  }));
}

function observationGraphs(
  observations: ObservationEntity[],
  associations: AssociationEntity[],
): ObservationGraph[] {
  const associationsOf = groupBy(associations, (association) => association.observationUuid);
  return observations.map((observation) => ({
    observation,
    associations: associationsOf.get(observation.uuid) ?? [],
  }));
}

function byUuid(a: { uuid: string }, b: { uuid: string }): number {
  return compare(a.uuid, b.uuid);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
