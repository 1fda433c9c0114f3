import { createHash } from "node:crypto";
import { DomainError } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { LoginFailureRepository } from "../repositories/login-failure.repository.js";

export interface LoginLimits {
  /** Failed logins of one username, from anywhere, before its logins are refused for a while. */
  maxFailuresPerUser: number;
  /** Failed logins from one client address, whatever the username, before it is refused for a while. */
  maxFailuresPerAddress: number;
  /** The window failures are counted in, and how long a limit that was reached holds. */
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  maxFailuresPerUser: 10,
  maxFailuresPerAddress: 50,
  windowSeconds: 900,
};

/** How often a process removes the counters whose window has ended (on a failed login, at most). */
const SWEEP_INTERVAL_MILLIS = 60_000;

/**
 * Slows password guessing: failed logins are counted per username and per client address
 * within a window that opens at the first failure; once either count reaches its limit, logins
 * from there (or for that user) answer RESOURCE_EXHAUSTED (429) with the seconds to wait until
 * the window ends. A successful login clears its username's count. The counts live in the kb's
 * database (`login_failures`), so every kb replica sees every failure and N replicas do not give
 * N times the guesses. Counters are kept under a SHA-256 of the username or address, so the table
 * holds neither; those whose window has ended are removed now and then.
 */
export class LoginThrottle {
  private readonly limits: LoginLimits;
  private readonly now: () => number;
  private lastSweepMillis = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly storage: DomainStorage,
    limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
    /** The clock, in epoch milliseconds (tests move it). */
    now: () => number = Date.now,
  ) {
    this.limits = limits;
    this.now = now;
  }

  /** Refuses a login attempt whose username or address has reached its limit. */
  async admit(username: string, address: string): Promise<void> {
    const nowMillis = this.now();
    const limitOf = new Map([
      [userKey(username), this.limits.maxFailuresPerUser],
      [addressKey(address), this.limits.maxFailuresPerAddress],
    ]);
    const counts = await this.storage.read((manager) =>
      new LoginFailureRepository(manager).findOpen([...limitOf.keys()], nowMillis),
    );
    const waits = counts
      .filter((count) => count.failures >= (limitOf.get(count.counterKey) ?? Number.POSITIVE_INFINITY))
      .map((count) => count.windowEndMillis - nowMillis);
    if (waits.length > 0) throw tooManyFailures(Math.max(...waits));
  }

  async recordFailure(username: string, address: string): Promise<void> {
    const nowMillis = this.now();
    const windowEndMillis = nowMillis + this.limits.windowSeconds * 1000;
    const sweep = nowMillis - this.lastSweepMillis >= SWEEP_INTERVAL_MILLIS;
    if (sweep) this.lastSweepMillis = nowMillis;
    await this.storage.transaction(async (manager) => {
      const failures = new LoginFailureRepository(manager);
      await failures.countOne(userKey(username), nowMillis, windowEndMillis);
      await failures.countOne(addressKey(address), nowMillis, windowEndMillis);
      if (sweep) await failures.deleteEnded(nowMillis);
    });
  }

  async recordSuccess(username: string): Promise<void> {
    await this.storage.transaction((manager) =>
      new LoginFailureRepository(manager).delete(userKey(username)),
    );
  }
}

// Case variants of a username count together, so guessing cannot spread over them.
function userKey(username: string): string {
  return `user:${digest(username.toLowerCase())}`;
}

function addressKey(address: string): string {
  return `address:${digest(address)}`;
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function tooManyFailures(waitMillis: number): DomainError {
  const seconds = Math.max(1, Math.ceil(waitMillis / 1000));
  return new DomainError(
    "RESOURCE_EXHAUSTED",
    "TOO_MANY_FAILED_LOGINS",
    `Too many failed logins; try again in ${seconds} seconds`,
    { "http-header-retry-after": String(seconds) },
  );
}
