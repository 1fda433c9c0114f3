import type { MigrationInterface, QueryRunner } from "typeorm";
import { annotationsViewSelect } from "../../query/view/annotations-view.js";
import { columnsBeforeUnion } from "../../query/view/union-columns.js";

/**
 * The `annotations` view as the union of the legacy deployments' columns: the SQL Server
 * view's `association_uuid` and `association`, and the registry's video columns (null here;
 * the service joins the registry when it can read it).
 */
export class UnionViewMysql implements MigrationInterface {
  name = "UnionView1764100000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE OR REPLACE VIEW annotations AS ${annotationsViewSelect()}`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE OR REPLACE VIEW annotations AS ${annotationsViewSelect(undefined, columnsBeforeUnion())}`,
    );
  }
}
