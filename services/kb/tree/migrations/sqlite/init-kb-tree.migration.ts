import type { MigrationInterface, QueryRunner } from "typeorm";

/** The concept tree for the embedded store; names compare case-sensitively (BINARY). */
export class InitKbTreeSqlite implements MigrationInterface {
  name = "InitKbTree1764100000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE concepts (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      parent_id INTEGER NULL REFERENCES concepts (id) ON DELETE CASCADE,
      rank_level TEXT NULL,
      rank_name TEXT NULL,
      aphia_id INTEGER NULL,
      last_updated_time TEXT NOT NULL,
      CONSTRAINT uq_concepts_aphia_id UNIQUE (aphia_id)
    )`);
    await runner.query("CREATE INDEX idx_concepts_parent_id ON concepts (parent_id)");
    await runner.query(`CREATE TABLE concept_names (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      concept_id INTEGER NOT NULL REFERENCES concepts (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      name_type TEXT NOT NULL,
      author TEXT NULL,
      last_updated_time TEXT NOT NULL,
      CONSTRAINT uq_concept_names_name UNIQUE (name)
    )`);
    await runner.query("CREATE INDEX idx_concept_names_concept_id ON concept_names (concept_id)");
    await runner.query(`CREATE TABLE kb_tree_version (
      id INTEGER NOT NULL PRIMARY KEY,
      version INTEGER NOT NULL
    )`);
    await runner.query("INSERT INTO kb_tree_version (id, version) VALUES (1, 0)");
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE kb_tree_version");
    await runner.query("DROP TABLE concept_names");
    await runner.query("DROP TABLE concepts");
  }
}
