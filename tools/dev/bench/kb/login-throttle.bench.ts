/**
 * `npm run bench:login-throttle`: what counting failed logins in the kb's database (so every kb
 * replica sees them) costs a login, on SQLite, MariaDB and PostgreSQL. Three measurements, in
 * interleaved rounds so they share the machine's load:
 * - floor: a failed login without a throttle: the user read and the password check (scrypt),
 *   the work every login does;
 * - m3: a failed login through LoginService: the throttle's read (admit), the same work, and
 *   the failure counted (one transaction of two upserts);
 * - the throttle alone: admit and recordFailure.
 * Limits are set out of reach, and each attempt comes from its own address, so nothing is refused.
 * BENCH_ENGINES (sqlite,mariadb,postgres) and BENCH_LOGINS (200 per measurement) size it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { kbSchema } from "../../../../services/kb/kb.module.js";
import { UserAccountRepository } from "../../../../services/kb/people/repositories/user-account.repository.js";
import { LoginService } from "../../../../services/kb/people/services/login.service.js";
import { LoginThrottle } from "../../../../services/kb/people/services/login-throttle.js";
import { verifyPassword } from "../../../../services/kb/people/services/password-hash.js";
import { UserAccountService } from "../../../../services/kb/people/services/user-account.service.js";
import { TokenService } from "../../../../services/kit/auth/token-service.js";
import { parseDatabaseUrl } from "../../../../services/kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../../../../services/kit/storage/domain-storage.js";
import { startBenchPostgres } from "../harness/bench-postgres.js";
import { loadAverage } from "../harness/machine.js";
import { startBenchMariaDb } from "../harness/platform-process.js";

const LOGINS = Number(process.env.BENCH_LOGINS ?? 200);
const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,mariadb,postgres").split(",");
if (!Number.isInteger(LOGINS) || LOGINS < 1) throw new Error("BENCH_LOGINS must be a positive integer");
const ROUNDS = 10;
const UNREACHABLE = { maxFailuresPerUser: 1e9, maxFailuresPerAddress: 1e9, windowSeconds: 900 };
const USER = { username: "bench-maint", password: "bench-password", role: "Maint" };
const WRONG = `Basic ${Buffer.from(`${USER.username}:not-the-password`).toString("base64")}`;

interface Engine {
  url: string;
  stop(): Promise<void>;
}

async function startEngine(name: string): Promise<Engine> {
  if (name === "sqlite") {
    const folder = mkdtempSync(join(tmpdir(), "m3-bench-login-"));
    return {
      url: join(folder, "kb.sqlite"),
      stop: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const server = name === "mariadb" ? await startBenchMariaDb() : await startBenchPostgres();
  return { url: await server.createDatabase("m3_bench_login"), stop: () => server.stop() };
}

/** Milliseconds of each call, one after another. */
async function timed(count: number, call: (index: number) => Promise<unknown>): Promise<number[]> {
  const millis: number[] = [];
  for (let index = 0; index < count; index++) {
    const startedAt = performance.now();
    await call(index);
    millis.push(performance.now() - startedAt);
  }
  return millis;
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

async function measure(storage: DomainStorage): Promise<Record<string, number[]>> {
  const user = await new UserAccountService(storage).create(USER);
  const tokens = new TokenService({ signingSecret: "bench-secret", issuer: "http://www.mbari.org" });
  const throttle = new LoginThrottle(storage, UNREACHABLE);
  const login = new LoginService(storage, tokens, throttle);
  let address = 0;
  const nextAddress = () => `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  const times: Record<string, number[]> = { floor: [], m3: [], throttle: [] };
  const perRound = Math.ceil(LOGINS / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    times.floor?.push(
      ...(await timed(perRound, async () => {
        const found = await storage.read((manager) =>
          new UserAccountRepository(manager).findByUsername(user.username),
        );
        await verifyPassword("not-the-password", found?.passwordHash ?? "");
      })),
    );
    times.m3?.push(
      ...(await timed(perRound, () => login.login(WRONG, nextAddress()).catch(() => undefined))),
    );
    times.throttle?.push(
      ...(await timed(perRound, async () => {
        const from = nextAddress();
        await throttle.admit(user.username, from);
        await throttle.recordFailure(user.username, from);
      })),
    );
  }
  return times;
}

console.log(
  `## bench:login-throttle\n\n${LOGINS} failed logins per measurement, one after another; load at start ${loadAverage()}\n`,
);
console.log(
  "| engine | floor p50 (user read + scrypt) | m3 p50 (LoginService) | m3 / floor | throttle alone p50 | throttle alone p99 |",
);
console.log("|---|---|---|---|---|---|");
for (const name of ENGINES) {
  const engine = await startEngine(name);
  const storage = await openDomainStorage({
    target: parseDatabaseUrl(engine.url),
    domain: "kb",
    ...kbSchema,
  });
  try {
    const times = await measure(storage);
    const floor = percentile(times.floor ?? [], 0.5);
    const m3 = percentile(times.m3 ?? [], 0.5);
    const alone = times.throttle ?? [];
    console.log(
      `| ${name} | ${floor.toFixed(2)} ms | ${m3.toFixed(2)} ms | ${(m3 / floor).toFixed(2)}x | ${percentile(alone, 0.5).toFixed(2)} ms | ${percentile(alone, 0.99).toFixed(2)} ms |`,
    );
  } finally {
    await storage.close();
    await engine.stop();
  }
}
console.log(`\nload at end ${loadAverage()}`);
