/**
 * Throwaway MariaDB servers for tests: installed into a temporary directory, bound to a
 * free loopback port, stopped by PID and removed afterwards. No Docker, no system service.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import mysql from "mysql2/promise";

const run = promisify(execFile);
const PORT_ATTEMPTS = 5;
const SBIN = ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"];

export interface MariaDbServer {
  /** `mysql://root@127.0.0.1:<port>` without a database. */
  rootUrl: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
  /** Kills the server at once (SIGKILL), as a crash or an OOM kill would; its data stays. */
  crash(): Promise<void>;
  /** Starts the server again on the same port and data, after crash(); resolves once it accepts connections. */
  relaunch(): Promise<void>;
}

export const MISSING_MARIADB_MESSAGE =
  "mariadb-server is not installed: install it with `apt-get install -y mariadb-server` (Debian/Ubuntu), then run npm test again.";

function findBinary(name: string): string | undefined {
  return SBIN.map((dir) => join(dir, name)).find((path) => existsSync(path));
}

export function mariaDbInstalled(): boolean {
  return findBinary("mariadbd") !== undefined && findBinary("mariadb-install-db") !== undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startMariaDbServer(
  /** InnoDB's page cache; tests need little, a benchmark's data set should fit, as in production. */
  bufferPoolSize = "256M",
  /** More server options, e.g. `--innodb-adaptive-hash-index=ON` for a benchmark. */
  extraOptions: readonly string[] = [],
): Promise<MariaDbServer> {
  const mariadbd = findBinary("mariadbd");
  const installDb = findBinary("mariadb-install-db");
  if (!mariadbd || !installDb) throw new Error(MISSING_MARIADB_MESSAGE);
  const dir = mkdtempSync(join(tmpdir(), "m3-mariadb-"));
  // A private temporary directory: parallel bootstraps sharing /tmp collide on temp table names.
  const tmp = join(dir, "tmp");
  mkdirSync(tmp);
  await run(installDb, [
    "--no-defaults",
    "--user=root",
    `--datadir=${join(dir, "data")}`,
    "--auth-root-authentication-method=normal",
    "--skip-test-db",
    `--tmpdir=${tmp}`,
  ]);
  const launch = (port: number): ChildProcess =>
    spawn(
      mariadbd,
      [
        "--no-defaults",
        "--user=root",
        `--datadir=${join(dir, "data")}`,
        `--socket=${join(dir, "mysqld.sock")}`,
        `--port=${port}`,
        "--bind-address=127.0.0.1",
        `--tmpdir=${tmp}`,
        `--pid-file=${join(dir, "mysqld.pid")}`,
        `--log-error=${join(dir, `error-${port}.log`)}`,
        "--skip-log-bin",
        `--innodb-buffer-pool-size=${bufferPoolSize}`,
        "--innodb-flush-log-at-trx-commit=2",
        "--max-connections=500",
        ...extraOptions,
      ],
      { stdio: "ignore" },
    );
  // The free port is only known free until mariadbd binds it; another process may take it first.
  let port = await freePort();
  let child = launch(port);
  for (let attempt = 1; !(await readyOrPortTaken(port, child, dir)); attempt++) {
    if (attempt === PORT_ATTEMPTS) throw new Error(`mariadbd found its port taken ${attempt} times`);
    port = await freePort();
    child = launch(port);
  }
  const pid = child.pid ?? 0;
  const rootUrl = `mysql://root@127.0.0.1:${port}`;
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await exited;
  };
  return {
    rootUrl,
    port,
    pid,
    stop: async () => {
      await end("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
    crash: () => end("SIGKILL"),
    relaunch: async () => {
      await end("SIGKILL");
      child = launch(port);
      if (!(await readyOrPortTaken(port, child, dir)))
        throw new Error(`port ${port} was taken while mariadbd was down`);
    },
  };
}

/**
 * True once our mariadbd (the one with our pid file, not another server on the port) accepts
 * connections; false if it exited because its port was taken.
 */
async function readyOrPortTaken(port: number, child: ChildProcess, dir: string): Promise<boolean> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (readFileSync(join(dir, `error-${port}.log`), "utf8").includes("Address already in use"))
        return false;
      throw new Error(`mariadbd exited with code ${child.exitCode}`);
    }
    try {
      const connection = await mysql.createConnection({ host: "127.0.0.1", port, user: "root" });
      const [rows] = await connection.query("SELECT @@pid_file AS pidFile");
      await connection.end();
      if ((rows as { pidFile: string }[])[0]?.pidFile === join(dir, "mysqld.pid")) return true;
    } catch {
      // not accepting connections yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("mariadbd did not accept connections within 30 s");
}
