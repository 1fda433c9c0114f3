import test from "ava";
import { stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { registerConsoleFrameTests } from "../../support/console/console-frame-tests.js";

/**
 * Frames grabbed into the image archive from the Watch screen, and boxes on them, in Chromium on
 * PostgreSQL, every test: each writes an image reference (or refuses to) and a box on it.
 */
registerConsoleFrameTests(test, "postgres");
test.after.always(() => stopPrivatePostgres());
