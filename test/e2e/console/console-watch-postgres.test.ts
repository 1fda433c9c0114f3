import test from "ava";
import { stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { registerConsoleWatchTests } from "../../support/console/console-watch-tests.js";

/** The demo clip played, stepped and followed with its annotations, boxes and position, in Chromium on PostgreSQL. */
registerConsoleWatchTests(test, "postgres");
test.after.always(() => stopPrivatePostgres());
