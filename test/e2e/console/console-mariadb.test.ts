import test from "ava";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { registerConsoleScreenTests } from "../../support/console/console-screen-tests.js";

/** Every console screen's main path in Chromium, on MariaDB. */
registerConsoleScreenTests(test, "mariadb");
test.after.always(() => stopPrivateMariaDb());
