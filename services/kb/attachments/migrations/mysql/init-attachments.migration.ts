import type { MigrationInterface, QueryRunner } from "typeorm";

const TABLE_OPTIONS = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin";
const LINK_COLUMNS = `id BIGINT NOT NULL AUTO_INCREMENT,
      concept_id BIGINT NOT NULL,
      link_name VARCHAR(50) NOT NULL,
      to_concept VARCHAR(128) NOT NULL,
      link_value VARCHAR(2048) NOT NULL,
      last_updated_time DATETIME(6) NOT NULL,
      PRIMARY KEY (id)`;

/**
 * Media, link templates, link realizations and references (they hang off `concepts`, which
 * the tree's migration creates first). A VARCHAR(2048) utf8mb4 DOI is too wide for a unique
 * index, so DOI uniqueness rests on a stored SHA-256 (NULL for NULL DOIs, which may repeat).
 */
export class InitAttachmentsMysql implements MigrationInterface {
  name = "InitAttachments1764400000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE concept_media (
      id BIGINT NOT NULL AUTO_INCREMENT,
      concept_id BIGINT NOT NULL,
      url VARCHAR(1024) NOT NULL,
      media_type VARCHAR(16) NULL,
      is_primary TINYINT(1) NOT NULL DEFAULT 0,
      caption VARCHAR(1000) NULL,
      credit VARCHAR(255) NULL,
      last_updated_time DATETIME(6) NOT NULL,
      PRIMARY KEY (id),
      KEY idx_concept_media_concept_id (concept_id),
      CONSTRAINT fk_concept_media_concept FOREIGN KEY (concept_id) REFERENCES concepts (id) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
    for (const table of ["link_templates", "link_realizations"]) {
      await runner.query(`CREATE TABLE ${table} (
        ${LINK_COLUMNS},
        KEY idx_${table}_concept_id (concept_id),
        KEY idx_${table}_link_name (link_name),
        KEY idx_${table}_to_concept (to_concept),
        CONSTRAINT fk_${table}_concept FOREIGN KEY (concept_id) REFERENCES concepts (id) ON DELETE CASCADE
      ) ${TABLE_OPTIONS}`);
    }
    await runner.query(`CREATE TABLE literature_references (
      id BIGINT NOT NULL AUTO_INCREMENT,
      citation VARCHAR(2048) NOT NULL,
      doi VARCHAR(2048) NULL,
      doi_hash BINARY(32) AS (UNHEX(SHA2(doi, 256))) STORED,
      last_updated_time DATETIME(6) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_literature_references_doi (doi_hash),
      KEY idx_literature_references_citation (citation(255))
    ) ${TABLE_OPTIONS}`);
    await runner.query(`CREATE TABLE concept_references (
      reference_id BIGINT NOT NULL,
      concept_id BIGINT NOT NULL,
      PRIMARY KEY (reference_id, concept_id),
      KEY idx_concept_references_concept_id (concept_id),
      CONSTRAINT fk_concept_references_reference FOREIGN KEY (reference_id)
        REFERENCES literature_references (id) ON DELETE CASCADE,
      CONSTRAINT fk_concept_references_concept FOREIGN KEY (concept_id) REFERENCES concepts (id) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      "concept_references",
      "literature_references",
      "link_realizations",
      "link_templates",
      "concept_media",
    ]) {
      await runner.query(`DROP TABLE ${table}`);
    }
  }
}
