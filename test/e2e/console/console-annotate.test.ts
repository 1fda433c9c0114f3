import test from "ava";
import { registerConsoleAnnotateTests } from "../../support/console/console-annotate-tests.js";

/** Annotating on the Watch screen by keyboard and boxing with the mouse, others' changes seen live, in Chromium on the embedded SQLite engine. */
registerConsoleAnnotateTests(test, "sqlite");
