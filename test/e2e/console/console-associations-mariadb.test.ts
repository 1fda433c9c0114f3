import test from "ava";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { registerConsoleAssociationTests } from "../../support/console/console-association-tests.js";

/**
 * Associations edited on the Watch screen, and an annotation's delete undone whole, in Chromium on
 * MariaDB, every test: each writes associations, or brings an annotation back by the bulk create
 * onto a moment the engine kept.
 */
registerConsoleAssociationTests(test, "mariadb");
test.after.always(() => stopPrivateMariaDb());
