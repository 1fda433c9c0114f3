import { RateLimiterMemory, type RateLimiterRes } from "rate-limiter-flexible";
import { DomainError } from "../../../kit/errors/domain-error.js";

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

/**
 * Slows password guessing: failed logins are counted per username and per client address
 * within a window; once either count reaches its limit, logins from there (or for that user)
 * answer RESOURCE_EXHAUSTED (429) with the seconds to wait until the window frees. A
 * successful login clears its username's count. Counts live in the process (each kb replica
 * counts its own).
 */
export class LoginThrottle {
  private readonly byUser: RateLimiterMemory;
  private readonly byAddress: RateLimiterMemory;

  constructor(limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
    const window = { duration: limits.windowSeconds };
    this.byUser = new RateLimiterMemory({
      keyPrefix: "login-user",
      points: limits.maxFailuresPerUser,
      ...window,
    });
    this.byAddress = new RateLimiterMemory({
      keyPrefix: "login-address",
      points: limits.maxFailuresPerAddress,
      ...window,
    });
  }

  /** Refuses a login attempt whose username or address has reached its limit. */
  async admit(username: string, address: string): Promise<void> {
    const [user, from] = await Promise.all([this.byUser.get(userKey(username)), this.byAddress.get(address)]);
    const waits = [user, from]
      .filter((state): state is RateLimiterRes => state !== null && state.remainingPoints <= 0)
      .map((state) => state.msBeforeNext);
    if (waits.length > 0) throw tooManyFailures(Math.max(...waits));
  }

  async recordFailure(username: string, address: string): Promise<void> {
    await Promise.all([this.byUser.penalty(userKey(username)), this.byAddress.penalty(address)]);
  }

  async recordSuccess(username: string): Promise<void> {
    await this.byUser.delete(userKey(username));
  }
}

// Case variants of a username count together, so guessing cannot spread over them.
function userKey(username: string): string {
  return username.toLowerCase();
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
