import type { QueryRunner } from "typeorm";
import type { Dialect } from "../../kit/storage/domain-storage.js";
import { dropTriggerStatements } from "../query/repositories/histogram-count-dialects.sql.js";
import { warnBoxIndexRefused } from "./box-index-off.js";
import { createBoxIndexTriggers } from "./repositories/box-index.repository.js";
import {
  BOX_INDEX_TABLE,
  boxIndexRebuild,
  boxIndexTable,
  boxIndexTriggerNames,
} from "./repositories/box-index.sql.js";
import { BOX_REVIEW_ACTIONS_TABLE, boxReviewActionsTable } from "./repositories/box-review-actions.sql.js";

/**
 * The box index's migration, the same on every engine but for the dialect of its SQL
 * (box-index.sql.ts): one row per `bounding box` association whose value is a box, kept by
 * triggers, filled from the associations already there; and the review actions of the last
 * day, which undo reads. A MySQL user refused CREATE TRIGGER gets the table and a warning;
 * `m3 boxes reindex` turns it on once granted.
 */
export function boxIndexMigration(dialect: Dialect) {
  return {
    name: "BoxIndex1764700000000",
    async up(runner: QueryRunner): Promise<void> {
      for (const sql of boxIndexTable(dialect)) await runner.query(sql);
      await runner.query(boxReviewActionsTable(dialect));
      const refusal = await createBoxIndexTriggers((sql) => runner.query(sql), dialect);
      if (refusal !== undefined) {
        warnBoxIndexRefused(refusal);
        return;
      }
      for (const sql of boxIndexRebuild(dialect)) await runner.query(sql);
    },
    async down(runner: QueryRunner): Promise<void> {
      for (const trigger of boxIndexTriggerNames(dialect)) {
        for (const sql of dropTriggerStatements(dialect, trigger)) await runner.query(sql);
      }
      await runner.query(`DROP TABLE ${BOX_REVIEW_ACTIONS_TABLE}`);
      await runner.query(`DROP TABLE ${BOX_INDEX_TABLE}`);
    },
  };
}
