import { columnList, prefixedColumnList } from "../../../kit/storage/column-lists.js";
import { Instant } from "../../../kit/time/instant.js";
import { ANNOTATION_TABLES } from "../../annotation-tables.js";
import type { AncillaryDatumEntity } from "../../entities/ancillary-datum.entity.js";
import type { Row } from "../../shared/row-mappers.js";

/** The imaged-moment columns a fast read selects next to another table's, prefixed `im_`. */
export const PREFIXED_MOMENT_COLUMNS = prefixedColumnList(ANNOTATION_TABLES.imaged_moments, "im");

export const ANCILLARY_COLUMNS = columnList(ANNOTATION_TABLES.ancillary_data, "ad");

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
