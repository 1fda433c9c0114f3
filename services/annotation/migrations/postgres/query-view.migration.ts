import type { MigrationInterface, QueryRunner } from "typeorm";
import { annotationsViewSelect } from "../../query/view/annotations-view.js";

/** The legacy `annotations` view of the tabular query (/v1/query); its video columns are null. */
export class QueryViewPostgres implements MigrationInterface {
  name = "QueryView1763900300000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE VIEW annotations AS ${annotationsViewSelect()}`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP VIEW annotations");
  }
}
