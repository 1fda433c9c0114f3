import test from "ava";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { registerConsoleFrameTests } from "../../support/console/console-frame-tests.js";

/**
 * Frames grabbed into the image archive from the Watch screen, and boxes on them, in Chromium on
 * MariaDB, every test: each writes an image reference (or refuses to) and a box on it.
 */
registerConsoleFrameTests(test, "mariadb");
test.after.always(() => stopPrivateMariaDb());
