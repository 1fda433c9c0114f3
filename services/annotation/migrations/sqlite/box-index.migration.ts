import type { MigrationInterface } from "typeorm";
import { boxIndexMigration } from "../../boxes/box-index-migration.js";

/** The box index and the review actions (boxes/box-index-migration.ts), in sqlite's SQL. */
const migration = boxIndexMigration("sqlite");

export class BoxIndexSqlite implements MigrationInterface {
  name = migration.name;
  up = migration.up;
  down = migration.down;
}
