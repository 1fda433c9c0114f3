import test from "ava";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { registerConsoleWatchTests } from "../../support/console/console-watch-tests.js";

/**
 * The Watch screen on MariaDB: an annotation clicked seeks to it and draws its box, read from its
 * associations, and the dive's depth and position are read from its ancillary data. Playback, the
 * keys, the media ticket and the signed-out screen are the browser's and capture's, tested on
 * SQLite only (console-watch.test.ts).
 */
registerConsoleWatchTests(test, "mariadb");
test.after.always(() => stopPrivateMariaDb());
