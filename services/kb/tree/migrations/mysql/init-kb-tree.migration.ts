import type { MigrationInterface, QueryRunner } from "typeorm";

const TABLE_OPTIONS = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin";

/**
 * The concept tree. Names are compared case-sensitively (utf8mb4_bin). `kb_tree_version`
 * is bumped by every tree change so phylogeny caches see deletions as well as updates.
 */
export class InitKbTreeMysql implements MigrationInterface {
  name = "InitKbTree1764100000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE concepts (
      id BIGINT NOT NULL AUTO_INCREMENT,
      parent_id BIGINT NULL,
      rank_level VARCHAR(20) NULL,
      rank_name VARCHAR(20) NULL,
      aphia_id BIGINT NULL,
      last_updated_time DATETIME(6) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_concepts_aphia_id (aphia_id),
      KEY idx_concepts_parent_id (parent_id),
      CONSTRAINT fk_concepts_parent FOREIGN KEY (parent_id) REFERENCES concepts (id) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
    await runner.query(`CREATE TABLE concept_names (
      id BIGINT NOT NULL AUTO_INCREMENT,
      concept_id BIGINT NOT NULL,
      name VARCHAR(128) NOT NULL,
      name_type VARCHAR(10) NOT NULL,
      author VARCHAR(255) NULL,
      last_updated_time DATETIME(6) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_concept_names_name (name),
      KEY idx_concept_names_concept_id (concept_id),
      CONSTRAINT fk_concept_names_concept FOREIGN KEY (concept_id) REFERENCES concepts (id) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
    await runner.query(`CREATE TABLE kb_tree_version (
      id TINYINT NOT NULL,
      version BIGINT NOT NULL,
      PRIMARY KEY (id)
    ) ${TABLE_OPTIONS}`);
    await runner.query("INSERT INTO kb_tree_version (id, version) VALUES (1, 0)");
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE kb_tree_version");
    await runner.query("DROP TABLE concept_names");
    await runner.query("DROP TABLE concepts");
  }
}
