/**
 * The login throttle's counts in the kb's database, on every engine: the limits per username and
 * per address, a success clearing its username, expiry with the window (a clock the test moves),
 * and two replicas (two storages over one database, as two kb pods) sharing every count.
 */
import test from "ava";
import { peopleSchema } from "../../../../services/kb/people/people-part.js";
import { LoginThrottle } from "../../../../services/kb/people/services/login-throttle.js";
import { DomainError } from "../../../../services/kit/errors/domain-error.js";
import {
  BACKENDS,
  type Backend,
  closeKbStorages,
  freshKbUrl,
  openKbStorage,
  openKbStorageAt,
} from "../../../support/kb/people-storage.js";

test.after.always(closeKbStorages);

const limits = { maxFailuresPerUser: 3, maxFailuresPerAddress: 5, windowSeconds: 60 };

/** A clock the test moves, starting at a fixed moment. */
function movableClock() {
  let nowMillis = Date.UTC(2026, 0, 1);
  return { now: () => nowMillis, advance: (millis: number) => (nowMillis += millis) };
}

async function openThrottle(backend: Backend, clock = movableClock()) {
  return {
    throttle: new LoginThrottle(await openKbStorage(backend, [peopleSchema]), limits, clock.now),
    clock,
  };
}

async function refusal(throttle: LoginThrottle, username: string, address: string): Promise<DomainError> {
  const error = await throttle.admit(username, address).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DomainError)) throw new Error(`${username} from ${address} was admitted`);
  return error;
}

for (const backend of BACKENDS) {
  test(`${backend}: a username that failed its limit is refused from any address, with the seconds to wait`, async (t) => {
    const { throttle, clock } = await openThrottle(backend);
    for (let attempt = 0; attempt < 3; attempt++) {
      await throttle.admit("ann", "10.0.0.1");
      await throttle.recordFailure("ann", `10.0.0.${attempt}`);
    }
    clock.advance(4_500);
    const error = await refusal(throttle, "ANN", "192.0.2.9");
    t.like(error, { code: "RESOURCE_EXHAUSTED", reason: "TOO_MANY_FAILED_LOGINS" });
    t.is(error.message, "Too many failed logins; try again in 56 seconds");
    t.is(error.metadata["http-header-retry-after"], "56");
    await t.notThrowsAsync(throttle.admit("bob", "192.0.2.9"));
  });

  test(`${backend}: an address that failed its limit is refused whatever the username`, async (t) => {
    const { throttle } = await openThrottle(backend);
    for (const username of ["a", "b", "c", "d", "e"]) await throttle.recordFailure(username, "198.51.100.4");
    await refusal(throttle, "someone-new", "198.51.100.4");
    await t.notThrowsAsync(throttle.admit("someone-new", "198.51.100.5"));
  });

  test(`${backend}: a successful login clears its username's failures`, async (t) => {
    const { throttle } = await openThrottle(backend);
    await throttle.recordFailure("ann", "10.0.0.1");
    await throttle.recordFailure("ann", "10.0.0.1");
    await throttle.recordSuccess("ann");
    await throttle.recordFailure("ann", "10.0.0.1");
    await throttle.recordFailure("ann", "10.0.0.1");
    await t.notThrowsAsync(throttle.admit("ann", "10.0.0.2"));
  });

  test(`${backend}: failures expire with their window, and a failure after it counts from one again`, async (t) => {
    const { throttle, clock } = await openThrottle(backend);
    for (let attempt = 0; attempt < 3; attempt++) await throttle.recordFailure("ann", "10.0.0.1");
    clock.advance(59_999);
    await refusal(throttle, "ann", "10.0.0.1");
    clock.advance(1);
    await t.notThrowsAsync(throttle.admit("ann", "10.0.0.1"));
    await throttle.recordFailure("ann", "10.0.0.1");
    await throttle.recordFailure("ann", "10.0.0.1");
    await t.notThrowsAsync(throttle.admit("ann", "10.0.0.1"));
    await throttle.recordFailure("ann", "10.0.0.1");
    await refusal(throttle, "ann", "10.0.0.1");
  });

  test(`${backend}: two replicas over one database share the counts: failures spread over both, the next login is refused on either`, async (t) => {
    const url = await freshKbUrl(backend);
    const clock = movableClock();
    const first = new LoginThrottle(await openKbStorageAt(url, [peopleSchema]), limits, clock.now);
    const second = new LoginThrottle(await openKbStorageAt(url, [peopleSchema]), limits, clock.now);
    await first.recordFailure("ann", "10.0.0.1");
    await second.recordFailure("ann", "10.0.0.2");
    await t.notThrowsAsync(first.admit("ann", "10.0.0.3"));
    await t.notThrowsAsync(second.admit("ann", "10.0.0.3"));
    await first.recordFailure("ann", "10.0.0.3");
    t.is((await refusal(first, "ann", "10.0.0.4")).reason, "TOO_MANY_FAILED_LOGINS");
    t.is((await refusal(second, "ann", "10.0.0.4")).reason, "TOO_MANY_FAILED_LOGINS");
    await second.recordSuccess("ann");
    await t.notThrowsAsync(first.admit("ann", "10.0.0.4"));
  });

  test(`${backend}: concurrent failures on two replicas are each counted once`, async (t) => {
    const url = await freshKbUrl(backend);
    const clock = movableClock();
    // Opened one after the other: the first migrates the database, the second finds it migrated.
    const replicas: LoginThrottle[] = [];
    for (const _ of [0, 1]) {
      replicas.push(new LoginThrottle(await openKbStorageAt(url, [peopleSchema]), limits, clock.now));
    }
    await Promise.all(
      ["a", "b", "c", "d"].map((username, index) =>
        replicas[index % 2]?.recordFailure(username, "198.51.100.7"),
      ),
    );
    await t.notThrowsAsync(replicas[0]?.admit("z", "198.51.100.7") ?? Promise.reject());
    await replicas[1]?.recordFailure("e", "198.51.100.7");
    await refusal(replicas[0] as LoginThrottle, "z", "198.51.100.7");
  });
}
