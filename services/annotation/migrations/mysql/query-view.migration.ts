import type { MigrationInterface, QueryRunner } from "typeorm";
import { annotationsViewSelect } from "../../query/view/annotations-view.js";

/**
 * The legacy `annotations` view of the tabular query (/v1/query), for the service and for
 * anyone who queries the database directly. Its video columns are null here; the service
 * fills them from the registry's tables when configured to (M3_ANNOTATION_REGISTRY_SCHEMA).
 */
export class QueryViewMysql implements MigrationInterface {
  name = "QueryView1763900300000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE OR REPLACE VIEW annotations AS ${annotationsViewSelect()}`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP VIEW annotations");
  }
}
