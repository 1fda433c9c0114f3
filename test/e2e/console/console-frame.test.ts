import test from "ava";
import { registerConsoleFrameTests } from "../../support/console/console-frame-tests.js";

/** Frames grabbed into the image archive from the Watch screen, and boxes on them, in Chromium on the embedded SQLite engine. */
registerConsoleFrameTests(test, "sqlite");
