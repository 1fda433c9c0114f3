import test from "ava";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { registerConsoleAnnotateTests } from "../../support/console/console-annotate-tests.js";

/**
 * Annotating on the Watch screen in Chromium on MariaDB, every test: each writes (create, update,
 * delete, undo, boxes) or reads what the engine keeps (history, change events, polling since a
 * time, the kb's concept search).
 */
registerConsoleAnnotateTests(test, "mariadb");
test.after.always(() => stopPrivateMariaDb());
