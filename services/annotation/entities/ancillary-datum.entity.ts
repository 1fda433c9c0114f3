import { Column, Entity, PrimaryColumn } from "typeorm";
import { InstantColumn } from "../../kit/storage/instant-column.js";
import type { Instant } from "../../kit/time/instant.js";

function measure(name: string): PropertyDecorator {
  return Column({ type: "double precision", name, nullable: true });
}

function text(name: string, length: number): PropertyDecorator {
  return Column({ type: "varchar", length, name, nullable: true });
}

/**
 * Position and environment at an imaged moment (legacy table `ancillary_data`), at most
 * one per imaged moment. Measurements are doubles (the legacy `real`s printed float noise).
 */
@Entity({ name: "ancillary_data" })
export class AncillaryDatumEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "uuid" })
  uuid!: string;

  @Column({ type: "varchar", length: 36, name: "imaged_moment_uuid" })
  imagedMomentUuid!: string;

  @measure("altitude")
  altitude!: number | null;

  @text("coordinate_reference_system", 32)
  crs!: string | null;

  @measure("depth_meters")
  depthMeters!: number | null;

  @measure("latitude")
  latitude!: number | null;

  @measure("longitude")
  longitude!: number | null;

  @measure("oxygen_ml_per_l")
  oxygenMlL!: number | null;

  @measure("phi")
  phi!: number | null;

  @text("xyz_position_units", 255)
  posePositionUnits!: string | null;

  @measure("pressure_dbar")
  pressureDbar!: number | null;

  @measure("psi")
  psi!: number | null;

  @measure("salinity")
  salinity!: number | null;

  @measure("temperature_celsius")
  temperatureCelsius!: number | null;

  @measure("theta")
  theta!: number | null;

  @measure("x")
  x!: number | null;

  @measure("y")
  y!: number | null;

  @measure("z")
  z!: number | null;

  @measure("light_transmission")
  lightTransmission!: number | null;

  @InstantColumn({ name: "last_updated_timestamp" })
  lastUpdatedTime!: Instant;
}

/** The measurement fields of a datum (everything but keys and the timestamp), in column order. */
export const ANCILLARY_MEASUREMENTS = [
  "altitude",
  "crs",
  "depthMeters",
  "latitude",
  "longitude",
  "oxygenMlL",
  "phi",
  "posePositionUnits",
  "pressureDbar",
  "psi",
  "salinity",
  "temperatureCelsius",
  "theta",
  "x",
  "y",
  "z",
  "lightTransmission",
] as const satisfies readonly (keyof AncillaryDatumEntity)[];

export type AncillaryMeasurement = (typeof ANCILLARY_MEASUREMENTS)[number];

/** The table column of each measurement. */
export const MEASUREMENT_COLUMNS: Record<AncillaryMeasurement, string> = {
  altitude: "altitude",
  crs: "coordinate_reference_system",
  depthMeters: "depth_meters",
  latitude: "latitude",
  longitude: "longitude",
  oxygenMlL: "oxygen_ml_per_l",
  phi: "phi",
  posePositionUnits: "xyz_position_units",
  pressureDbar: "pressure_dbar",
  psi: "psi",
  salinity: "salinity",
  temperatureCelsius: "temperature_celsius",
  theta: "theta",
  x: "x",
  y: "y",
  z: "z",
  lightTransmission: "light_transmission",
};
