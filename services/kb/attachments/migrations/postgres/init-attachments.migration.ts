import type { MigrationInterface, QueryRunner } from "typeorm";
import { binaryText, IDENTITY_ID } from "../../../postgres-columns.js";

const LINK_COLUMNS = `id ${IDENTITY_ID},
      concept_id BIGINT NOT NULL,
      link_name ${binaryText(50)} NOT NULL,
      to_concept ${binaryText(128)} NOT NULL,
      link_value ${binaryText(2048)} NOT NULL,
      last_updated_time TIMESTAMP(6) NOT NULL,
      PRIMARY KEY (id)`;

/**
 * Media, link templates, link realizations and references on PostgreSQL. A VARCHAR(2048) DOI
 * may not fit a B-tree entry, so its uniqueness rests on a hash exclusion constraint (exact, any
 * length; NULL DOIs may repeat) where MySQL stores a SHA-256. The citation's index covers its
 * first 255 characters, as MySQL's prefix index does, for the same reason.
 */
export class InitAttachmentsPostgres implements MigrationInterface {
  name = "InitAttachments1764400000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE concept_media (
      id ${IDENTITY_ID},
      concept_id BIGINT NOT NULL,
      url ${binaryText(1024)} NOT NULL,
      media_type ${binaryText(16)} NULL,
      is_primary BOOLEAN NOT NULL DEFAULT FALSE,
      caption ${binaryText(1000)} NULL,
      credit ${binaryText(255)} NULL,
      last_updated_time TIMESTAMP(6) NOT NULL,
      PRIMARY KEY (id),
      CONSTRAINT fk_concept_media_concept FOREIGN KEY (concept_id) REFERENCES concepts (id) ON DELETE CASCADE
    )`);
    await runner.query("CREATE INDEX idx_concept_media_concept_id ON concept_media (concept_id)");
    for (const table of ["link_templates", "link_realizations"]) {
      await runner.query(`CREATE TABLE ${table} (
        ${LINK_COLUMNS},
        CONSTRAINT fk_${table}_concept FOREIGN KEY (concept_id) REFERENCES concepts (id) ON DELETE CASCADE
      )`);
      await runner.query(`CREATE INDEX idx_${table}_concept_id ON ${table} (concept_id)`);
      await runner.query(`CREATE INDEX idx_${table}_link_name ON ${table} (link_name)`);
      await runner.query(`CREATE INDEX idx_${table}_to_concept ON ${table} (to_concept)`);
    }
    await runner.query(`CREATE TABLE literature_references (
      id ${IDENTITY_ID},
      citation ${binaryText(2048)} NOT NULL,
      doi ${binaryText(2048)} NULL,
      last_updated_time TIMESTAMP(6) NOT NULL,
      PRIMARY KEY (id),
      CONSTRAINT uq_literature_references_doi EXCLUDE USING hash (doi WITH =)
    )`);
    await runner.query(
      "CREATE INDEX idx_literature_references_citation ON literature_references (left(citation, 255))",
    );
    await runner.query(`CREATE TABLE concept_references (
      reference_id BIGINT NOT NULL,
      concept_id BIGINT NOT NULL,
      PRIMARY KEY (reference_id, concept_id),
      CONSTRAINT fk_concept_references_reference FOREIGN KEY (reference_id)
        REFERENCES literature_references (id) ON DELETE CASCADE,
      CONSTRAINT fk_concept_references_concept FOREIGN KEY (concept_id) REFERENCES concepts (id) ON DELETE CASCADE
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
