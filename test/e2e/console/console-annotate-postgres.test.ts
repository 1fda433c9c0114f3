import test from "ava";
import { stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { registerConsoleAnnotateTests } from "../../support/console/console-annotate-tests.js";

/**
 * Annotating on the Watch screen in Chromium on PostgreSQL, every test: each writes (create, update,
 * delete, undo, boxes) or reads what the engine keeps (history, change events, polling since a
 * time, the kb's concept search).
 */
registerConsoleAnnotateTests(test, "postgres");
test.after.always(() => stopPrivatePostgres());
