import test from "ava";
import { stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { registerConsoleMapTests } from "../../support/console/console-map-tests.js";

/** Where a concept lives and a dive's track, on maps with land, in Chromium on PostgreSQL. */
registerConsoleMapTests(test, "postgres");
test.after.always(() => stopPrivatePostgres());
