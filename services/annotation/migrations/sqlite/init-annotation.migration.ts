import type { MigrationInterface, QueryRunner } from "typeorm";

const MOMENT_FK = "imaged_moment_uuid TEXT NOT NULL REFERENCES imaged_moments (uuid) ON DELETE CASCADE";

/**
 * The legacy annosaurus tables for the embedded store. Timestamps are TEXT in the
 * fixed-width form `YYYY-MM-DD HH:MM:SS.ffffff`, which orders and compares correctly.
 */
export class InitAnnotationSqlite implements MigrationInterface {
  name = "InitAnnotation1763900000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE imaged_moments (
      uuid TEXT NOT NULL PRIMARY KEY,
      video_reference_uuid TEXT NOT NULL,
      elapsed_time_millis INTEGER NULL,
      recorded_timestamp TEXT NULL,
      timecode TEXT NULL,
      last_updated_timestamp TEXT NOT NULL
    )`);
    await runner.query(`CREATE TABLE imaged_moment_locks (video_reference_uuid TEXT NOT NULL PRIMARY KEY)`);
    await runner.query(`CREATE TABLE observations (
      uuid TEXT NOT NULL PRIMARY KEY,
      ${MOMENT_FK},
      activity TEXT NULL,
      concept TEXT NULL,
      duration_millis INTEGER NULL,
      observation_group TEXT NULL,
      observation_timestamp TEXT NOT NULL,
      observer TEXT NULL,
      last_updated_timestamp TEXT NOT NULL
    )`);
    await runner.query(`CREATE TABLE associations (
      uuid TEXT NOT NULL PRIMARY KEY,
      observation_uuid TEXT NOT NULL REFERENCES observations (uuid) ON DELETE CASCADE,
      link_name TEXT NOT NULL,
      link_value TEXT NULL,
      to_concept TEXT NULL,
      mime_type TEXT NOT NULL,
      last_updated_timestamp TEXT NOT NULL
    )`);
    await runner.query(`CREATE TABLE image_references (
      uuid TEXT NOT NULL PRIMARY KEY,
      ${MOMENT_FK},
      description TEXT NULL,
      format TEXT NULL,
      height_pixels INTEGER NULL,
      url TEXT NOT NULL,
      width_pixels INTEGER NULL,
      last_updated_timestamp TEXT NOT NULL,
      CONSTRAINT uq_image_references_url UNIQUE (url)
    )`);
    await runner.query(`CREATE TABLE ancillary_data (
      uuid TEXT NOT NULL PRIMARY KEY,
      ${MOMENT_FK},
      altitude REAL NULL,
      coordinate_reference_system TEXT NULL,
      depth_meters REAL NULL,
      latitude REAL NULL,
      longitude REAL NULL,
      oxygen_ml_per_l REAL NULL,
      phi REAL NULL,
      xyz_position_units TEXT NULL,
      pressure_dbar REAL NULL,
      psi REAL NULL,
      salinity REAL NULL,
      temperature_celsius REAL NULL,
      theta REAL NULL,
      x REAL NULL,
      y REAL NULL,
      z REAL NULL,
      light_transmission REAL NULL,
      last_updated_timestamp TEXT NOT NULL,
      CONSTRAINT uq_ancillary_data_imaged_moment_uuid UNIQUE (imaged_moment_uuid)
    )`);
    await runner.query(`CREATE TABLE video_reference_information (
      uuid TEXT NOT NULL PRIMARY KEY,
      video_reference_uuid TEXT NOT NULL,
      mission_contact TEXT NULL,
      mission_id TEXT NOT NULL,
      platform_name TEXT NOT NULL,
      last_updated_timestamp TEXT NOT NULL,
      CONSTRAINT uq_video_reference_information_video_reference_uuid UNIQUE (video_reference_uuid)
    )`);
    for (const index of INDEXES) await runner.query(`CREATE INDEX ${index}`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      "video_reference_information",
      "ancillary_data",
      "image_references",
      "associations",
      "observations",
      "imaged_moment_locks",
      "imaged_moments",
    ]) {
      await runner.query(`DROP TABLE ${table}`);
    }
  }
}

const INDEXES = [
  "idx_imaged_moment__video_reference_uuid ON imaged_moments (video_reference_uuid, uuid)",
  "idx_imaged_moments__video_timecode ON imaged_moments (video_reference_uuid, timecode)",
  "idx_imaged_moments__video_elapsed_time ON imaged_moments (video_reference_uuid, elapsed_time_millis)",
  "idx_imaged_moments__video_recorded_timestamp ON imaged_moments (video_reference_uuid, recorded_timestamp)",
  "idx_imaged_moments__elapsed_time ON imaged_moments (elapsed_time_millis)",
  "idx_imaged_moments__recorded_timestamp ON imaged_moments (recorded_timestamp)",
  "idx_imaged_moments__timecode ON imaged_moments (timecode)",
  "idx_imaged_moments__last_updated ON imaged_moments (last_updated_timestamp)",
  "idx_observations__concept ON observations (concept)",
  "idx_observations__imaged_moment_uuid ON observations (imaged_moment_uuid)",
  "idx_observations__group ON observations (observation_group)",
  "idx_observations__activity ON observations (activity)",
  "idx_observations__last_updated ON observations (last_updated_timestamp)",
  "idx_associations__link_name ON associations (link_name)",
  "idx_associations__to_concept ON associations (to_concept)",
  "idx_associations__link_value ON associations (link_value)",
  "idx_associations__observation_uuid ON associations (observation_uuid)",
  "idx_image_references__imaged_moment_uuid ON image_references (imaged_moment_uuid)",
  "idx_ancillary_data__position ON ancillary_data (latitude, longitude, depth_meters)",
  "idx_video_reference_information__mission_id ON video_reference_information (mission_id)",
  "idx_video_reference_information__mission_contact ON video_reference_information (mission_contact)",
];
