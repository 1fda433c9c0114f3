import type { MigrationInterface, QueryRunner } from "typeorm";
import { binaryText, IDENTITY_ID } from "../../../postgres-columns.js";

/** The concept tree on PostgreSQL; names compare case-sensitively, byte by byte ("C"). */
export class InitKbTreePostgres implements MigrationInterface {
  name = "InitKbTree1764100000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE concepts (
      id ${IDENTITY_ID},
      parent_id BIGINT NULL,
      rank_level ${binaryText(20)} NULL,
      rank_name ${binaryText(20)} NULL,
      aphia_id BIGINT NULL,
      last_updated_time TIMESTAMP(6) NOT NULL,
      PRIMARY KEY (id),
      CONSTRAINT uq_concepts_aphia_id UNIQUE (aphia_id),
      CONSTRAINT fk_concepts_parent FOREIGN KEY (parent_id) REFERENCES concepts (id) ON DELETE CASCADE
    )`);
    await runner.query("CREATE INDEX idx_concepts_parent_id ON concepts (parent_id)");
    await runner.query(`CREATE TABLE concept_names (
      id ${IDENTITY_ID},
      concept_id BIGINT NOT NULL,
      name ${binaryText(128)} NOT NULL,
      name_type ${binaryText(10)} NOT NULL,
      author ${binaryText(255)} NULL,
      last_updated_time TIMESTAMP(6) NOT NULL,
      PRIMARY KEY (id),
      CONSTRAINT uq_concept_names_name UNIQUE (name),
      CONSTRAINT fk_concept_names_concept FOREIGN KEY (concept_id) REFERENCES concepts (id) ON DELETE CASCADE
    )`);
    await runner.query("CREATE INDEX idx_concept_names_concept_id ON concept_names (concept_id)");
    await runner.query(`CREATE TABLE kb_tree_version (
      id SMALLINT NOT NULL,
      version BIGINT NOT NULL,
      PRIMARY KEY (id)
    )`);
    await runner.query("INSERT INTO kb_tree_version (id, version) VALUES (1, 0)");
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE kb_tree_version");
    await runner.query("DROP TABLE concept_names");
    await runner.query("DROP TABLE concepts");
  }
}
