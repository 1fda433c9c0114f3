import test from "ava";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { registerConsoleAnnotateTests } from "../../support/console/console-annotate-tests.js";

/** Annotating on the Watch screen by keyboard and boxing with the mouse, others' changes seen live, in Chromium on MariaDB. */
registerConsoleAnnotateTests(test, "mariadb");
test.after.always(() => stopPrivateMariaDb());
