import type { MigrationInterface, QueryRunner } from "typeorm";

/** Every uuid is 36 characters of text, compared byte by byte. */
const UUID = `CHAR(36) COLLATE "C"`;

/**
 * Text in code-point order whatever the database's default collation ("C" on UTF-8), so lists
 * come out in the order MySQL's utf8mb4_bin and SQLite's BINARY give them (text-order.ts).
 */
function text(length: number): string {
  return `VARCHAR(${length}) COLLATE "C"`;
}

/**
 * The legacy vampire-squid tables with their legacy names, as the MySQL and SQLite migrations
 * make them. A URI may be longer than a B-tree entry can hold (1024 characters, up to 4 KiB in
 * UTF-8, against about 2.7 KiB), so its uniqueness rests on a hash exclusion constraint rather
 * than a unique index: the same rule, with no length limit, and its hash index serves lookups by
 * URI (MySQL needs a stored SHA-256 and a prefix index for the same).
 */
export class InitRegistryPostgres implements MigrationInterface {
  name = "InitRegistry1763800000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE video_sequences (
      uuid ${UUID} NOT NULL,
      name ${text(512)} NOT NULL,
      camera_id ${text(256)} NOT NULL,
      description ${text(2048)} NULL,
      last_updated_time TIMESTAMP(6) NOT NULL,
      PRIMARY KEY (uuid),
      CONSTRAINT uq_sequence_name UNIQUE (name)
    )`);
    await runner.query("CREATE INDEX idx_video_sequences_camera_id ON video_sequences (camera_id)");
    await runner.query(`CREATE TABLE videos (
      uuid ${UUID} NOT NULL,
      video_sequence_uuid ${UUID} NOT NULL,
      name ${text(512)} NOT NULL,
      start_time TIMESTAMP(6) NOT NULL,
      duration_millis BIGINT NULL,
      description ${text(2048)} NULL,
      last_updated_time TIMESTAMP(6) NOT NULL,
      PRIMARY KEY (uuid),
      CONSTRAINT uq_video_name UNIQUE (name),
      CONSTRAINT fk_videos_video_sequence FOREIGN KEY (video_sequence_uuid)
        REFERENCES video_sequences (uuid) ON DELETE CASCADE
    )`);
    await runner.query("CREATE INDEX idx_videos_start_time ON videos (start_time)");
    await runner.query(
      "CREATE INDEX idx_videos_video_sequence_uuid ON videos (video_sequence_uuid, start_time)",
    );
    await runner.query(`CREATE TABLE video_references (
      uuid ${UUID} NOT NULL,
      video_uuid ${UUID} NOT NULL,
      uri ${text(1024)} NOT NULL,
      container ${text(128)} NULL,
      video_codec ${text(128)} NULL,
      audio_codec ${text(128)} NULL,
      width INTEGER NULL,
      height INTEGER NULL,
      frame_rate DOUBLE PRECISION NULL,
      size_bytes BIGINT NULL,
      sha512 ${text(128)} NULL,
      description ${text(2048)} NULL,
      last_updated_time TIMESTAMP(6) NOT NULL,
      PRIMARY KEY (uuid),
      CONSTRAINT uq_reference_uri EXCLUDE USING hash (uri WITH =),
      CONSTRAINT fk_video_references_video FOREIGN KEY (video_uuid)
        REFERENCES videos (uuid) ON DELETE CASCADE
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
