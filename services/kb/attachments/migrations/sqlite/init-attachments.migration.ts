import type { MigrationInterface, QueryRunner } from "typeorm";

/** Media, link templates, link realizations and references for the embedded store. */
export class InitAttachmentsSqlite implements MigrationInterface {
  name = "InitAttachments1764400000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE concept_media (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      concept_id INTEGER NOT NULL REFERENCES concepts (id) ON DELETE CASCADE,
      url TEXT NOT NULL,
      media_type TEXT NULL,
      is_primary INTEGER NOT NULL DEFAULT 0,
      caption TEXT NULL,
      credit TEXT NULL,
      last_updated_time TEXT NOT NULL
    )`);
    await runner.query("CREATE INDEX idx_concept_media_concept_id ON concept_media (concept_id)");
    for (const table of ["link_templates", "link_realizations"]) {
      await runner.query(`CREATE TABLE ${table} (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        concept_id INTEGER NOT NULL REFERENCES concepts (id) ON DELETE CASCADE,
        link_name TEXT NOT NULL,
        to_concept TEXT NOT NULL,
        link_value TEXT NOT NULL,
        last_updated_time TEXT NOT NULL
      )`);
      await runner.query(`CREATE INDEX idx_${table}_concept_id ON ${table} (concept_id)`);
      await runner.query(`CREATE INDEX idx_${table}_link_name ON ${table} (link_name)`);
      await runner.query(`CREATE INDEX idx_${table}_to_concept ON ${table} (to_concept)`);
    }
    await runner.query(`CREATE TABLE literature_references (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      citation TEXT NOT NULL,
      doi TEXT NULL,
      last_updated_time TEXT NOT NULL,
      CONSTRAINT uq_literature_references_doi UNIQUE (doi)
    )`);
    await runner.query("CREATE INDEX idx_literature_references_citation ON literature_references (citation)");
    await runner.query(`CREATE TABLE concept_references (
      reference_id INTEGER NOT NULL REFERENCES literature_references (id) ON DELETE CASCADE,
      concept_id INTEGER NOT NULL REFERENCES concepts (id) ON DELETE CASCADE,
      PRIMARY KEY (reference_id, concept_id)
    )`);
    await runner.query("CREATE INDEX idx_concept_references_concept_id ON concept_references (concept_id)");
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
