import type { MigrationInterface, QueryRunner } from "typeorm";

const UUID = "CHAR(36) CHARACTER SET ascii COLLATE ascii_bin";
const TABLE_OPTIONS = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin";

/**
 * The legacy vampire-squid tables with their legacy names (the annotation view joins them).
 * A VARCHAR(1024) utf8mb4 column is too wide for a unique index, so URI uniqueness rests on
 * a stored SHA-256 of the URI; the 255-character prefix index serves lookups.
 */
export class InitRegistryMysql implements MigrationInterface {
  name = "InitRegistry1763800000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE video_sequences (
      uuid ${UUID} NOT NULL,
      name VARCHAR(512) NOT NULL,
      camera_id VARCHAR(256) NOT NULL,
      description VARCHAR(2048) NULL,
      last_updated_time DATETIME(6) NOT NULL,
      PRIMARY KEY (uuid),
      UNIQUE KEY uq_sequence_name (name),
      KEY idx_video_sequences_camera_id (camera_id)
    ) ${TABLE_OPTIONS}`);
    await runner.query(`CREATE TABLE videos (
      uuid ${UUID} NOT NULL,
      video_sequence_uuid ${UUID} NOT NULL,
      name VARCHAR(512) NOT NULL,
      start_time DATETIME(6) NOT NULL,
      duration_millis BIGINT NULL,
      description VARCHAR(2048) NULL,
      last_updated_time DATETIME(6) NOT NULL,
      PRIMARY KEY (uuid),
      UNIQUE KEY uq_video_name (name),
      KEY idx_videos_start_time (start_time),
      KEY idx_videos_video_sequence_uuid (video_sequence_uuid, start_time),
      CONSTRAINT fk_videos_video_sequence FOREIGN KEY (video_sequence_uuid)
        REFERENCES video_sequences (uuid) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
    await runner.query(`CREATE TABLE video_references (
      uuid ${UUID} NOT NULL,
      video_uuid ${UUID} NOT NULL,
      uri VARCHAR(1024) NOT NULL,
      uri_hash BINARY(32) AS (UNHEX(SHA2(uri, 256))) STORED,
      container VARCHAR(128) NULL,
      video_codec VARCHAR(128) NULL,
      audio_codec VARCHAR(128) NULL,
      width INT NULL,
      height INT NULL,
      frame_rate DOUBLE NULL,
      size_bytes BIGINT NULL,
      sha512 VARCHAR(128) NULL,
      description VARCHAR(2048) NULL,
      last_updated_time DATETIME(6) NOT NULL,
      PRIMARY KEY (uuid),
      UNIQUE KEY uq_reference_uri (uri_hash),
      KEY idx_video_references_uri (uri(255)),
      KEY idx_video_references_video_uuid (video_uuid),
      KEY idx_video_references_sha512 (sha512),
      CONSTRAINT fk_video_references_video FOREIGN KEY (video_uuid)
        REFERENCES videos (uuid) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE video_references");
    await runner.query("DROP TABLE videos");
    await runner.query("DROP TABLE video_sequences");
  }
}
