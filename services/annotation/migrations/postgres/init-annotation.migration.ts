import type { MigrationInterface, QueryRunner } from "typeorm";

/** Every uuid is 36 characters of text, compared byte by byte. */
const UUID = `CHAR(36) COLLATE "C"`;
const MEASURE = "DOUBLE PRECISION NULL";
const INSTANT = "TIMESTAMP(6)";

/**
 * Text in code-point order whatever the database's default collation, so lists come out in the
 * order MySQL's utf8mb4_bin and SQLite's BINARY give them (text-order.ts).
 */
function text(length: number): string {
  return `VARCHAR(${length}) COLLATE "C"`;
}

/**
 * The legacy annosaurus tables with their legacy names and columns, as the MySQL and SQLite
 * migrations make them. An image URL may be longer than a B-tree entry holds (1024 characters,
 * up to 4 KiB in UTF-8), so its uniqueness rests on a hash exclusion constraint, whose hash
 * index also serves lookups by URL (MySQL needs a stored SHA-256 and a prefix index for the
 * same); link values, as long, are found by equality through a hash index (MySQL: a prefix).
 */
export class InitAnnotationPostgres implements MigrationInterface {
  name = "InitAnnotation1763900000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE imaged_moments (
      uuid ${UUID} NOT NULL,
      video_reference_uuid ${UUID} NOT NULL,
      elapsed_time_millis BIGINT NULL,
      recorded_timestamp ${INSTANT} NULL,
      timecode ${text(255)} NULL,
      last_updated_timestamp ${INSTANT} NOT NULL,
      PRIMARY KEY (uuid)
    )`);
    await runner.query(`CREATE TABLE imaged_moment_locks (
      video_reference_uuid ${UUID} NOT NULL,
      PRIMARY KEY (video_reference_uuid)
    )`);
    await runner.query(`CREATE TABLE observations (
      uuid ${UUID} NOT NULL,
      imaged_moment_uuid ${UUID} NOT NULL,
      activity ${text(128)} NULL,
      concept ${text(256)} NULL,
      duration_millis BIGINT NULL,
      observation_group ${text(128)} NULL,
      observation_timestamp ${INSTANT} NOT NULL,
      observer ${text(128)} NULL,
      last_updated_timestamp ${INSTANT} NOT NULL,
      PRIMARY KEY (uuid),
      CONSTRAINT fk_observations__imaged_moment FOREIGN KEY (imaged_moment_uuid)
        REFERENCES imaged_moments (uuid) ON DELETE CASCADE
    )`);
    await runner.query(`CREATE TABLE associations (
      uuid ${UUID} NOT NULL,
      observation_uuid ${UUID} NOT NULL,
      link_name ${text(128)} NOT NULL,
      link_value ${text(1024)} NULL,
      to_concept ${text(128)} NULL,
      mime_type ${text(64)} NOT NULL,
      last_updated_timestamp ${INSTANT} NOT NULL,
      PRIMARY KEY (uuid),
      CONSTRAINT fk_associations__observation FOREIGN KEY (observation_uuid)
        REFERENCES observations (uuid) ON DELETE CASCADE
    )`);
    await runner.query(`CREATE TABLE image_references (
      uuid ${UUID} NOT NULL,
      imaged_moment_uuid ${UUID} NOT NULL,
      description ${text(256)} NULL,
      format ${text(64)} NULL,
      height_pixels INTEGER NULL,
      url ${text(1024)} NOT NULL,
      width_pixels INTEGER NULL,
      last_updated_timestamp ${INSTANT} NOT NULL,
      PRIMARY KEY (uuid),
      CONSTRAINT uq_image_references_url EXCLUDE USING hash (url WITH =),
      CONSTRAINT fk_image_references__imaged_moment FOREIGN KEY (imaged_moment_uuid)
        REFERENCES imaged_moments (uuid) ON DELETE CASCADE
    )`);
    await runner.query(`CREATE TABLE ancillary_data (
      uuid ${UUID} NOT NULL,
      imaged_moment_uuid ${UUID} NOT NULL,
      altitude ${MEASURE},
      coordinate_reference_system ${text(32)} NULL,
      depth_meters ${MEASURE},
      latitude ${MEASURE},
      longitude ${MEASURE},
      oxygen_ml_per_l ${MEASURE},
      phi ${MEASURE},
      xyz_position_units ${text(255)} NULL,
      pressure_dbar ${MEASURE},
      psi ${MEASURE},
      salinity ${MEASURE},
      temperature_celsius ${MEASURE},
      theta ${MEASURE},
      x ${MEASURE},
      y ${MEASURE},
      z ${MEASURE},
      light_transmission ${MEASURE},
      last_updated_timestamp ${INSTANT} NOT NULL,
      PRIMARY KEY (uuid),
      CONSTRAINT uq_ancillary_data_imaged_moment_uuid UNIQUE (imaged_moment_uuid),
      CONSTRAINT fk_ancillary_data__imaged_moment FOREIGN KEY (imaged_moment_uuid)
        REFERENCES imaged_moments (uuid) ON DELETE CASCADE
    )`);
    await runner.query(`CREATE TABLE video_reference_information (
      uuid ${UUID} NOT NULL,
      video_reference_uuid ${UUID} NOT NULL,
      mission_contact ${text(64)} NULL,
      mission_id ${text(256)} NOT NULL,
      platform_name ${text(64)} NOT NULL,
      last_updated_timestamp ${INSTANT} NOT NULL,
      PRIMARY KEY (uuid),
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

/**
 * MySQL's secondary indexes (its KEYs), by the same names. A PostgreSQL index ends with the row's
 * place, not its key (as SQLite's): later migrations add the key where a page reads it.
 */
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
  "idx_associations__link_value ON associations USING hash (link_value)",
  "idx_associations__observation_uuid ON associations (observation_uuid)",
  "idx_image_references__imaged_moment_uuid ON image_references (imaged_moment_uuid)",
  "idx_ancillary_data__position ON ancillary_data (latitude, longitude, depth_meters)",
  "idx_video_reference_information__mission_id ON video_reference_information (mission_id)",
  "idx_video_reference_information__mission_contact ON video_reference_information (mission_contact)",
];
