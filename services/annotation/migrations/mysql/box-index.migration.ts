import type { MigrationInterface, QueryRunner } from "typeorm";
import { warnBoxIndexRefused } from "../../boxes/box-index-off.js";
import { createBoxIndexTriggers } from "../../boxes/repositories/box-index.repository.js";
import {
  BOX_INDEX_TABLE,
  boxIndexRebuild,
  boxIndexTable,
  boxIndexTriggerNames,
} from "../../boxes/repositories/box-index.sql.js";
import {
  BOX_REVIEW_ACTIONS_TABLE,
  boxReviewActionsTable,
} from "../../boxes/repositories/box-review-actions.sql.js";
import { dropTriggerStatements } from "../../query/repositories/histogram-count-dialects.sql.js";

/**
 * The box index (box-index.sql.ts): one row per `bounding box` association whose value is a
 * box, kept by triggers, filled from the associations already there; and the review actions
 * of the last day, which undo reads. A MySQL user refused
 * CREATE TRIGGER gets the table and a warning; `m3 boxes reindex` turns it on once granted.
 */
export class BoxIndexMysql implements MigrationInterface {
  name = "BoxIndex1764700000000";

  async up(runner: QueryRunner): Promise<void> {
    for (const sql of boxIndexTable("mysql")) await runner.query(sql);
    await runner.query(boxReviewActionsTable("mysql"));
    const refusal = await createBoxIndexTriggers((sql) => runner.query(sql), "mysql");
    if (refusal !== undefined) {
      warnBoxIndexRefused(refusal);
      return;
    }
    for (const sql of boxIndexRebuild("mysql")) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const trigger of boxIndexTriggerNames("mysql")) {
      for (const sql of dropTriggerStatements("mysql", trigger)) await runner.query(sql);
    }
    await runner.query(`DROP TABLE ${BOX_REVIEW_ACTIONS_TABLE}`);
    await runner.query(`DROP TABLE ${BOX_INDEX_TABLE}`);
  }
}
