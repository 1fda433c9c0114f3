import test from "ava";
import { registerConsoleReviewTests } from "../../support/console/console-review-tests.js";

/** The review grid: boxes relabelled, verified, deleted, undone and exported as COCO, in Chromium on the embedded SQLite engine. */
registerConsoleReviewTests(test, "sqlite");
