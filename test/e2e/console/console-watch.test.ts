import test from "ava";
import { registerConsoleWatchTests } from "../../support/console/console-watch-tests.js";

/** The demo clip played, stepped and followed with its annotations, boxes and position, in Chromium on the embedded SQLite engine. */
registerConsoleWatchTests(test, "sqlite");
