import type { AncillaryDatum, ImagedMoment } from "../../../../proto/gen/m3/annotation/v1/resources.js";
import type { AncillaryMeasurement } from "../../entities/ancillary-datum.entity.js";
import { instantOf, toAncillaryDatum, toImagedMoment } from "../../shared/resources.mapper.js";
import type { AncillaryInput } from "../services/ancillary-data.rules.js";
import type { DatumView } from "../services/ancillary-data.service.js";
import type { MomentView } from "../services/moment-reader.js";

export function toMoment(view: MomentView): ImagedMoment {
  return toImagedMoment(view.graph, view.observations);
}

export function toMoments(views: readonly MomentView[]): { imagedMoments: ImagedMoment[] } {
  return { imagedMoments: views.map(toMoment) };
}

/** The extended datum: with its imaged moment's UUID and recorded timestamp. */
export function toDatum(view: DatumView): AncillaryDatum {
  return toAncillaryDatum(view.datum, view.moment);
}

/** A datum from the wire, `label` naming it in errors (e.g. "data[3]"). */
export function ancillaryInputOf(datum: AncillaryDatum | undefined, label: string): AncillaryInput {
  if (!datum) return {};
  const measurements: Partial<Record<AncillaryMeasurement, number | string>> = {
    altitude: datum.altitude,
    crs: datum.crs,
    depthMeters: datum.depthMeters,
    latitude: datum.latitude,
    longitude: datum.longitude,
    oxygenMlL: datum.oxygenMlL,
    phi: datum.phi,
    posePositionUnits: datum.posePositionUnits,
    pressureDbar: datum.pressureDbar,
    psi: datum.psi,
    salinity: datum.salinity,
    temperatureCelsius: datum.temperatureCelsius,
    theta: datum.theta,
    x: datum.x,
    y: datum.y,
    z: datum.z,
    lightTransmission: datum.lightTransmission,
  };
  return {
    ...Object.fromEntries(Object.entries(measurements).filter(([, value]) => value !== undefined)),
    uuid: datum.uuid,
    imagedMomentUuid: datum.imagedMomentUuid,
    recordedTimestamp: instantOf(datum.recordedTimestamp, `${label}recorded_timestamp`),
  };
}
