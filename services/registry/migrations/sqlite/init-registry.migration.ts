import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The legacy vampire-squid tables for the embedded store. Timestamps are TEXT in the
 * fixed-width form `YYYY-MM-DD HH:MM:SS.ffffff`, which orders and compares correctly.
 */
export class InitRegistrySqlite implements MigrationInterface {
  name = "InitRegistry1763800000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE video_sequences (
      uuid TEXT NOT NULL PRIMARY KEY,
      name TEXT NOT NULL,
      camera_id TEXT NOT NULL,
      description TEXT NULL,
      last_updated_time TEXT NOT NULL,
      CONSTRAINT uq_sequence_name UNIQUE (name)
    )`);
    await runner.query("CREATE INDEX idx_video_sequences_camera_id ON video_sequences (camera_id)");
    await runner.query(`CREATE TABLE videos (
      uuid TEXT NOT NULL PRIMARY KEY,
      video_sequence_uuid TEXT NOT NULL REFERENCES video_sequences (uuid) ON DELETE CASCADE,
      name TEXT NOT NULL,
      start_time TEXT NOT NULL,
      duration_millis INTEGER NULL,
      description TEXT NULL,
      last_updated_time TEXT NOT NULL,
      CONSTRAINT uq_video_name UNIQUE (name)
    )`);
    await runner.query("CREATE INDEX idx_videos_start_time ON videos (start_time)");
    await runner.query(
      "CREATE INDEX idx_videos_video_sequence_uuid ON videos (video_sequence_uuid, start_time)",
    );
    await runner.query(`CREATE TABLE video_references (
      uuid TEXT NOT NULL PRIMARY KEY,
      video_uuid TEXT NOT NULL REFERENCES videos (uuid) ON DELETE CASCADE,
      uri TEXT NOT NULL,
      container TEXT NULL,
      video_codec TEXT NULL,
      audio_codec TEXT NULL,
      width INTEGER NULL,
      height INTEGER NULL,
      frame_rate REAL NULL,
      size_bytes INTEGER NULL,
      sha512 TEXT NULL,
      description TEXT NULL,
      last_updated_time TEXT NOT NULL,
      CONSTRAINT uq_reference_uri UNIQUE (uri)
    )`);
    await runner.query("CREATE INDEX idx_video_references_video_uuid ON video_references (video_uuid)");
    await runner.query("CREATE INDEX idx_video_references_sha512 ON video_references (sha512)");
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE video_references");
    await runner.query("DROP TABLE videos");
    await runner.query("DROP TABLE video_sequences");
  }
}
