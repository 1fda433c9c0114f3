/**
 * Starts one MariaDB for a whole test run: prints `<rootUrl> <pid> <dir>` once ready and
 * keeps running until it receives SIGTERM, then stops the server and removes its files.
 */
import { MISSING_MARIADB_MESSAGE, mariaDbInstalled, startMariaDbServer } from "./mariadb-server.js";

if (!mariaDbInstalled()) {
  console.error(MISSING_MARIADB_MESSAGE);
  process.exit(3);
}
const server = await startMariaDbServer();
console.log(server.rootUrl);
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
setInterval(() => {}, 60_000);
