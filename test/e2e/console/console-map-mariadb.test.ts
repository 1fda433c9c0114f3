import test from "ava";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { registerConsoleMapTests } from "../../support/console/console-map-tests.js";

/** Where a concept lives and a dive's track, on maps with land, in Chromium on MariaDB. */
registerConsoleMapTests(test, "mariadb");
test.after.always(() => stopPrivateMariaDb());
