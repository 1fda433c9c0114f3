import { type EntityManager, In } from "typeorm";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import type { Instant } from "../../../kit/time/instant.js";
import { AncillaryDatumEntity } from "../../entities/ancillary-datum.entity.js";
import { AssociationEntity } from "../../entities/association.entity.js";
import { ImageReferenceEntity } from "../../entities/image-reference.entity.js";
import { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import { ObservationEntity } from "../../entities/observation.entity.js";
import type { ChangeDataType } from "../../events/change-event.js";

/**
 * A record as its history keeps it: its columns by their legacy JSON names (snake_case), its
 * times as ISO-8601 text. `last_updated_time` is left out: the change's own time says it.
 */
export type RecordSnapshot = Readonly<Record<string, string | number | null>>;

const iso = (instant: Instant | null) => instant?.toString() ?? null;

/** Reads the records a transaction changes as snapshots, by UUID. */
export class RecordSnapshotsRepository {
  constructor(private readonly manager: EntityManager) {}

  read(dataType: ChangeDataType, uuids: readonly string[]): Promise<Map<string, RecordSnapshot>> {
    switch (dataType) {
      case "OBSERVATION":
        return this.observations(uuids);
      case "ASSOCIATION":
        return this.byUuid(AssociationEntity, uuids, (row) => ({
          uuid: row.uuid,
          observation_uuid: row.observationUuid,
          link_name: row.linkName,
          to_concept: row.toConcept,
          link_value: row.linkValue,
          mime_type: row.mimeType,
        }));
      case "IMAGE_REFERENCE":
        return this.byUuid(ImageReferenceEntity, uuids, (row) => ({
          uuid: row.uuid,
          imaged_moment_uuid: row.imagedMomentUuid,
          url: row.url,
          description: row.description,
          format: row.format,
          width_pixels: row.widthPixels,
          height_pixels: row.heightPixels,
        }));
      case "ANCILLARY_DATUM":
        return this.byUuid(AncillaryDatumEntity, uuids, ancillarySnapshot);
    }
  }

  /** The observers of these observations as stored now, by observation UUID. */
  async observers(uuids: readonly string[]): Promise<Map<string, string | null>> {
    const rows = await this.rows(ObservationEntity, uuids);
    return new Map(rows.map((row) => [row.uuid, row.observer]));
  }

  /** An observation with the indices of its imaged moment, so a move or a re-index shows. */
  private async observations(uuids: readonly string[]): Promise<Map<string, RecordSnapshot>> {
    const observations = await this.rows(ObservationEntity, uuids);
    const moments = await this.rows(ImagedMomentEntity, [
      ...new Set(observations.map((row) => row.imagedMomentUuid)),
    ]);
    const momentOf = new Map(moments.map((moment) => [moment.uuid, moment]));
    return new Map(
      observations.map((row) => {
        const moment = momentOf.get(row.imagedMomentUuid);
        return [
          row.uuid,
          {
            uuid: row.uuid,
            concept: row.concept,
            observer: row.observer,
            observation_timestamp: iso(row.observationTimestamp),
            duration_millis: row.durationMillis,
            group: row.group,
            activity: row.activity,
            imaged_moment_uuid: row.imagedMomentUuid,
            video_reference_uuid: moment?.videoReferenceUuid ?? null,
            timecode: moment?.timecode ?? null,
            elapsed_time_millis: moment?.elapsedTimeMillis ?? null,
            recorded_timestamp: iso(moment?.recordedTimestamp ?? null),
          },
        ];
      }),
    );
  }

  private async byUuid<T extends { uuid: string }>(
    entity: new () => T,
    uuids: readonly string[],
    snapshot: (row: T) => RecordSnapshot,
  ): Promise<Map<string, RecordSnapshot>> {
    const rows = await this.rows(entity, uuids);
    return new Map(rows.map((row) => [row.uuid, snapshot(row)]));
  }

  private rows<T extends { uuid: string }>(entity: new () => T, uuids: readonly string[]): Promise<T[]> {
    return queryInChunks(uuids, (chunk) =>
      this.manager.getRepository(entity).findBy({ uuid: In(chunk) } as never),
    );
  }
}

function ancillarySnapshot(row: AncillaryDatumEntity): RecordSnapshot {
  return {
    uuid: row.uuid,
    imaged_moment_uuid: row.imagedMomentUuid,
    latitude: row.latitude,
    longitude: row.longitude,
    depth_meters: row.depthMeters,
    altitude: row.altitude,
    coordinate_reference_system: row.crs,
    pressure_dbar: row.pressureDbar,
    temperature_celsius: row.temperatureCelsius,
    salinity: row.salinity,
    oxygen_ml_per_l: row.oxygenMlL,
    light_transmission: row.lightTransmission,
    x: row.x,
    y: row.y,
    z: row.z,
    xyz_position_units: row.posePositionUnits,
    phi: row.phi,
    theta: row.theta,
    psi: row.psi,
  };
}
