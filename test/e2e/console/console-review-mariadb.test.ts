import test from "ava";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { registerConsoleReviewTests } from "../../support/console/console-review-tests.js";

/** The review grid: boxes relabelled, verified, deleted, undone and exported as COCO, in Chromium on MariaDB. */
registerConsoleReviewTests(test, "mariadb");
test.after.always(() => stopPrivateMariaDb());
