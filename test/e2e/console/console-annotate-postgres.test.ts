import test from "ava";
import { stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { registerConsoleAnnotateTests } from "../../support/console/console-annotate-tests.js";

/** Annotating on the Watch screen by keyboard and boxing with the mouse, others' changes seen live, in Chromium on PostgreSQL. */
registerConsoleAnnotateTests(test, "postgres");
test.after.always(() => stopPrivatePostgres());
