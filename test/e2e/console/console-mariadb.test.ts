import test from "ava";
import { registerConsoleScreenTests } from "../../support/console/console-screen-tests.js";
import { stopPrivateMariaDb } from "../../support/mariadb.js";

/** Every console screen's main path in Chromium, on MariaDB. */
registerConsoleScreenTests(test, "mariadb");
test.after.always(() => stopPrivateMariaDb());
