import type { MigrationInterface, QueryRunner } from "typeorm";
import { annotationsViewSelect } from "../../query/view/annotations-view.js";
import { columnsBeforeUnion } from "../../query/view/union-columns.js";

/**
 * The `annotations` view as the union of the legacy deployments' columns (see the MySQL one).
 * PostgreSQL replaces a view only when its columns keep their places: it is made anew.
 */
export class UnionViewPostgres implements MigrationInterface {
  name = "UnionView1764100000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query("DROP VIEW IF EXISTS annotations");
    await runner.query(`CREATE VIEW annotations AS ${annotationsViewSelect()}`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP VIEW annotations");
    await runner.query(
      `CREATE VIEW annotations AS ${annotationsViewSelect(undefined, columnsBeforeUnion())}`,
    );
  }
}
