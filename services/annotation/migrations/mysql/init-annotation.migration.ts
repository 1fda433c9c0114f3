import type { MigrationInterface, QueryRunner } from "typeorm";

const UUID = "CHAR(36) CHARACTER SET ascii COLLATE ascii_bin";
const TABLE_OPTIONS = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin";
const MEASURE = "DOUBLE NULL";

/**
 * The legacy annosaurus tables with their legacy names and columns. A VARCHAR(1024) utf8mb4
 * column is too wide for a unique index, so image URL uniqueness rests on a stored SHA-256
 * of the URL; the 255-character prefix index serves LIKE and exact lookups.
 */
export class InitAnnotationMysql implements MigrationInterface {
  name = "InitAnnotation1763900000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE imaged_moments (
      uuid ${UUID} NOT NULL,
      video_reference_uuid ${UUID} NOT NULL,
      elapsed_time_millis BIGINT NULL,
      recorded_timestamp DATETIME(6) NULL,
      timecode VARCHAR(255) NULL,
      last_updated_timestamp DATETIME(6) NOT NULL,
      PRIMARY KEY (uuid),
      KEY idx_imaged_moment__video_reference_uuid (video_reference_uuid, uuid),
      KEY idx_imaged_moments__video_timecode (video_reference_uuid, timecode),
      KEY idx_imaged_moments__video_elapsed_time (video_reference_uuid, elapsed_time_millis),
      KEY idx_imaged_moments__video_recorded_timestamp (video_reference_uuid, recorded_timestamp),
      KEY idx_imaged_moments__elapsed_time (elapsed_time_millis),
      KEY idx_imaged_moments__recorded_timestamp (recorded_timestamp),
      KEY idx_imaged_moments__timecode (timecode),
      KEY idx_imaged_moments__last_updated (last_updated_timestamp)
    ) ${TABLE_OPTIONS}`);
    await runner.query(`CREATE TABLE imaged_moment_locks (
      video_reference_uuid ${UUID} NOT NULL,
      PRIMARY KEY (video_reference_uuid)
    ) ${TABLE_OPTIONS}`);
    await runner.query(`CREATE TABLE observations (
      uuid ${UUID} NOT NULL,
      imaged_moment_uuid ${UUID} NOT NULL,
      activity VARCHAR(128) NULL,
      concept VARCHAR(256) NULL,
      duration_millis BIGINT NULL,
      observation_group VARCHAR(128) NULL,
      observation_timestamp DATETIME(6) NOT NULL,
      observer VARCHAR(128) NULL,
      last_updated_timestamp DATETIME(6) NOT NULL,
      PRIMARY KEY (uuid),
      KEY idx_observations__concept (concept),
      KEY idx_observations__imaged_moment_uuid (imaged_moment_uuid),
      KEY idx_observations__group (observation_group),
      KEY idx_observations__activity (activity),
      KEY idx_observations__last_updated (last_updated_timestamp),
      CONSTRAINT fk_observations__imaged_moment FOREIGN KEY (imaged_moment_uuid)
        REFERENCES imaged_moments (uuid) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
    await runner.query(`CREATE TABLE associations (
      uuid ${UUID} NOT NULL,
      observation_uuid ${UUID} NOT NULL,
      link_name VARCHAR(128) NOT NULL,
      link_value VARCHAR(1024) NULL,
      to_concept VARCHAR(128) NULL,
      mime_type VARCHAR(64) NOT NULL,
      last_updated_timestamp DATETIME(6) NOT NULL,
      PRIMARY KEY (uuid),
      KEY idx_associations__link_name (link_name),
      KEY idx_associations__to_concept (to_concept),
      KEY idx_associations__link_value (link_value(255)),
      KEY idx_associations__observation_uuid (observation_uuid),
      CONSTRAINT fk_associations__observation FOREIGN KEY (observation_uuid)
        REFERENCES observations (uuid) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
    await runner.query(`CREATE TABLE image_references (
      uuid ${UUID} NOT NULL,
      imaged_moment_uuid ${UUID} NOT NULL,
      description VARCHAR(256) NULL,
      format VARCHAR(64) NULL,
      height_pixels INT NULL,
      url VARCHAR(1024) NOT NULL,
      url_hash BINARY(32) AS (UNHEX(SHA2(url, 256))) STORED,
      width_pixels INT NULL,
      last_updated_timestamp DATETIME(6) NOT NULL,
      PRIMARY KEY (uuid),
      UNIQUE KEY uq_image_references_url (url_hash),
      KEY idx_image_references__imaged_moment_uuid (imaged_moment_uuid),
      KEY idx_image_references__url (url(255)),
      CONSTRAINT fk_image_references__imaged_moment FOREIGN KEY (imaged_moment_uuid)
        REFERENCES imaged_moments (uuid) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
    await runner.query(`CREATE TABLE ancillary_data (
      uuid ${UUID} NOT NULL,
      imaged_moment_uuid ${UUID} NOT NULL,
      altitude ${MEASURE},
      coordinate_reference_system VARCHAR(32) NULL,
      depth_meters ${MEASURE},
      latitude ${MEASURE},
      longitude ${MEASURE},
      oxygen_ml_per_l ${MEASURE},
      phi ${MEASURE},
      xyz_position_units VARCHAR(255) NULL,
      pressure_dbar ${MEASURE},
      psi ${MEASURE},
      salinity ${MEASURE},
      temperature_celsius ${MEASURE},
      theta ${MEASURE},
      x ${MEASURE},
      y ${MEASURE},
      z ${MEASURE},
      light_transmission ${MEASURE},
      last_updated_timestamp DATETIME(6) NOT NULL,
      PRIMARY KEY (uuid),
      UNIQUE KEY uq_ancillary_data_imaged_moment_uuid (imaged_moment_uuid),
      KEY idx_ancillary_data__position (latitude, longitude, depth_meters),
      CONSTRAINT fk_ancillary_data__imaged_moment FOREIGN KEY (imaged_moment_uuid)
        REFERENCES imaged_moments (uuid) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
    await runner.query(`CREATE TABLE video_reference_information (
      uuid ${UUID} NOT NULL,
      video_reference_uuid ${UUID} NOT NULL,
      mission_contact VARCHAR(64) NULL,
      mission_id VARCHAR(256) NOT NULL,
      platform_name VARCHAR(64) NOT NULL,
      last_updated_timestamp DATETIME(6) NOT NULL,
      PRIMARY KEY (uuid),
      UNIQUE KEY uq_video_reference_information_video_reference_uuid (video_reference_uuid),
      KEY idx_video_reference_information__mission_id (mission_id),
      KEY idx_video_reference_information__mission_contact (mission_contact)
    ) ${TABLE_OPTIONS}`);
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
