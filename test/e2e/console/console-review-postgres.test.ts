import test from "ava";
import { stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { registerConsoleReviewTests } from "../../support/console/console-review-tests.js";

/**
 * The review grid in Chromium on PostgreSQL, every test: the box index and its filters, relabel, verify,
 * delete and their undo, refusals that change nothing, 1,000 boxes read in pages, boxes on no
 * stored image.
 */
registerConsoleReviewTests(test, "postgres");
test.after.always(() => stopPrivatePostgres());
