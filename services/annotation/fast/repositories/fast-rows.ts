import { Instant } from "../../../kit/time/instant.js";
import type { AncillaryDatumEntity } from "../../entities/ancillary-datum.entity.js";
import type { Row } from "../../shared/row-mappers.js";

/** The imaged-moment columns a fast read selects next to another table's, prefixed `im_`. */
export const PREFIXED_MOMENT_COLUMNS = `im.uuid AS im_uuid, im.video_reference_uuid AS im_video_reference_uuid,
  im.elapsed_time_millis AS im_elapsed_time_millis, im.recorded_timestamp AS im_recorded_timestamp,
  im.timecode AS im_timecode, im.last_updated_timestamp AS im_last_updated_timestamp`;

export const ANCILLARY_COLUMNS = `ad.uuid, ad.imaged_moment_uuid, ad.altitude, ad.coordinate_reference_system,
  ad.depth_meters, ad.latitude, ad.longitude, ad.oxygen_ml_per_l, ad.phi, ad.xyz_position_units, ad.pressure_dbar,
  ad.psi, ad.salinity, ad.temperature_celsius, ad.theta, ad.x, ad.y, ad.z, ad.light_transmission,
  ad.last_updated_timestamp`;

export function ancillaryDatumOfRow(row: Row): AncillaryDatumEntity {
  return {
    uuid: row.uuid as string,
    imagedMomentUuid: row.imaged_moment_uuid as string,
    altitude: number(row.altitude),
    crs: text(row.coordinate_reference_system),
    depthMeters: number(row.depth_meters),
    latitude: number(row.latitude),
    longitude: number(row.longitude),
    oxygenMlL: number(row.oxygen_ml_per_l),
    phi: number(row.phi),
    posePositionUnits: text(row.xyz_position_units),
    pressureDbar: number(row.pressure_dbar),
    psi: number(row.psi),
    salinity: number(row.salinity),
    temperatureCelsius: number(row.temperature_celsius),
    theta: number(row.theta),
    x: number(row.x),
    y: number(row.y),
    z: number(row.z),
    lightTransmission: number(row.light_transmission),
    lastUpdatedTime: Instant.fromSql(String(row.last_updated_timestamp)),
  };
}

function text(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

function number(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}
