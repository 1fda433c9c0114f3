import test from "ava";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { registerConsoleWatchTests } from "../../support/console/console-watch-tests.js";

/** The demo clip played, stepped and followed with its annotations, boxes and position, in Chromium on MariaDB. */
registerConsoleWatchTests(test, "mariadb");
test.after.always(() => stopPrivateMariaDb());
