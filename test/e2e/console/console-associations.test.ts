import test from "ava";
import { registerConsoleAssociationTests } from "../../support/console/console-association-tests.js";

/** Associations edited on the Watch screen, and an annotation's delete undone whole, in Chromium on the embedded SQLite engine. */
registerConsoleAssociationTests(test, "sqlite");
