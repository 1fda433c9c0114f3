import test from "ava";
import { registerConsoleScreenTests } from "../../support/console/console-screen-tests.js";

/** Every console screen's main path in Chromium, on the embedded SQLite engine. */
registerConsoleScreenTests(test, "sqlite");
