import test from "ava";
import { stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { registerConsoleScreenTests } from "../../support/console/console-screen-tests.js";

/** Every console screen's main path in Chromium, on PostgreSQL. */
registerConsoleScreenTests(test, "postgres");
test.after.always(() => stopPrivatePostgres());
