import test from "ava";
import { registerConsoleMapTests } from "../../support/console/console-map-tests.js";

/** Where a concept lives and a dive's track, on maps with land, in Chromium on the embedded SQLite engine. */
registerConsoleMapTests(test, "sqlite");
