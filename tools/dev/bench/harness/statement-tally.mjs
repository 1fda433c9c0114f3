/**
 * A preload that counts the SQL statements a process sends, for bench:routes (plain
 * JavaScript, so the process m3 start runs, which has no TypeScript loader, can load it):
 *
 *   M3_STATEMENT_TALLY_FILE=/tmp/tally node --import=./tools/dev/bench/harness/statement-tally.mjs ...
 *
 * MySQL/MariaDB statements are counted as the statement-count test counts them (mysql2's
 * diagnostics channels, connection-pool pings left out); SQLite statements as each run of a
 * better-sqlite3 prepared statement (all, get, run, iterate). Each process that loads it (the
 * all-in-one's workers too, which inherit its node options) serves its running total as plain
 * text on a loopback port and adds that port as a line to the file M3_STATEMENT_TALLY_FILE names.
 */
import diagnosticsChannel from "node:diagnostics_channel";
import { appendFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";

const file = process.env.M3_STATEMENT_TALLY_FILE;
const PING = /^\s*SELECT 1\s*$/i;

if (file) {
  let statements = 0;
  const onMysqlStatement = (message) => {
    if (!PING.test(String(message?.query ?? ""))) statements++;
  };
  for (const channel of ["tracing:mysql2:query:start", "tracing:mysql2:execute:start"]) {
    diagnosticsChannel.subscribe(channel, onMysqlStatement);
  }
  countSqliteStatements(() => statements++);
  const server = createServer((_request, response) => response.end(String(statements)));
  // Exclusive: cluster workers that listen on port 0 otherwise share one port, each request
  // reaching any worker, and the totals read through it jump between the workers' counts.
  server.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () =>
    appendFileSync(file, `${server.address().port}\n`),
  );
  // The tally must not keep the process alive once m3 has stopped.
  server.unref();
}

function countSqliteStatements(onStatement) {
  const Database = createRequire(import.meta.url)("better-sqlite3");
  const probe = new Database(":memory:");
  const statementPrototype = Object.getPrototypeOf(probe.prepare("SELECT 1"));
  probe.close();
  for (const method of ["all", "get", "run", "iterate"]) {
    const original = statementPrototype[method];
    statementPrototype[method] = function countedStatement(...parameters) {
      onStatement();
      return original.apply(this, parameters);
    };
  }
}
