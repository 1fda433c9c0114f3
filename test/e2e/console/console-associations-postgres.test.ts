import test from "ava";
import { stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { registerConsoleAssociationTests } from "../../support/console/console-association-tests.js";

/**
 * Associations edited on the Watch screen, and an annotation's delete undone whole, in Chromium on
 * PostgreSQL, every test: each writes associations, or brings an annotation back by the bulk
 * create onto a moment the engine kept.
 */
registerConsoleAssociationTests(test, "postgres");
test.after.always(() => stopPrivatePostgres());
