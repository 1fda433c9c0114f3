import test from "ava";
import { registerConsoleDemoWalk } from "../../support/console/console-demo-walk.js";

/** The Done-when walk in Chromium on the embedded SQLite engine, as `npm start -- --demo` runs. */
registerConsoleDemoWalk(test, "sqlite");
