import test from "ava";
import { LoginThrottle } from "../../../services/kb/people/services/login-throttle.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";

const limits = { maxFailuresPerUser: 3, maxFailuresPerAddress: 5, windowSeconds: 60 };

async function refusal(throttle: LoginThrottle, username: string, address: string): Promise<DomainError> {
  const error = await throttle.admit(username, address).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DomainError)) throw new Error(`${username} from ${address} was admitted`);
  return error;
}

test("a username that failed its limit is refused from any address, with the seconds to wait", async (t) => {
  const throttle = new LoginThrottle(limits);
  for (let attempt = 0; attempt < 3; attempt++) {
    await throttle.admit("ann", "10.0.0.1");
    await throttle.recordFailure("ann", `10.0.0.${attempt}`);
  }
  const error = await refusal(throttle, "ANN", "192.0.2.9");
  t.like(error, { code: "RESOURCE_EXHAUSTED", reason: "TOO_MANY_FAILED_LOGINS" });
  t.regex(error.message, /^Too many failed logins; try again in \d+ seconds$/);
  const seconds = Number(error.metadata["http-header-retry-after"]);
  t.true(seconds > 55 && seconds <= 60, `retry after ${seconds} s`);
  await t.notThrowsAsync(throttle.admit("bob", "192.0.2.9"));
});

test("an address that failed its limit is refused whatever the username", async (t) => {
  const throttle = new LoginThrottle(limits);
  for (const username of ["a", "b", "c", "d", "e"]) await throttle.recordFailure(username, "198.51.100.4");
  await refusal(throttle, "someone-new", "198.51.100.4");
  await t.notThrowsAsync(throttle.admit("someone-new", "198.51.100.5"));
});

test("a successful login clears its username's failures", async (t) => {
  const throttle = new LoginThrottle(limits);
  await throttle.recordFailure("ann", "10.0.0.1");
  await throttle.recordFailure("ann", "10.0.0.1");
  await throttle.recordSuccess("ann");
  await throttle.recordFailure("ann", "10.0.0.1");
  await throttle.recordFailure("ann", "10.0.0.1");
  await t.notThrowsAsync(throttle.admit("ann", "10.0.0.2"));
});

test("failures expire with their window", async (t) => {
  const throttle = new LoginThrottle({ ...limits, windowSeconds: 1 });
  for (let attempt = 0; attempt < 3; attempt++) await throttle.recordFailure("ann", "10.0.0.1");
  await refusal(throttle, "ann", "10.0.0.1");
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await t.notThrowsAsync(throttle.admit("ann", "10.0.0.1"));
});
