import test from "ava";
import { stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { registerConsoleReviewTests } from "../../support/console/console-review-tests.js";

/** The review grid: boxes relabelled, verified, deleted, undone and exported as COCO, in Chromium on PostgreSQL. */
registerConsoleReviewTests(test, "postgres");
test.after.always(() => stopPrivatePostgres());
