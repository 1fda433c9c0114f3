import test from "ava";
import { Instant } from "../../../services/kit/time/instant.js";
import { changesOf, hasChanges } from "../../../services/registry/videos/services/changes.rules.js";
import { nextUpdateTime } from "../../../services/registry/videos/services/last-updated.rules.js";

const stored = {
  name: "a",
  durationMillis: 10 as number | null,
  start: Instant.ofEpochMicros(1),
  description: null,
};

test("only requested fields that differ from the stored ones are changes", (t) => {
  const changes = changesOf(stored, {
    name: "a",
    durationMillis: 20,
    start: Instant.ofEpochMicros(1),
    description: undefined,
  });
  t.deepEqual(changes, { durationMillis: 20 });
  t.true(hasChanges(changes));
});

test("a request repeating the stored values changes nothing", (t) => {
  t.false(hasChanges(changesOf(stored, { name: "a", start: Instant.ofEpochMicros(1) })));
  t.false(hasChanges(changesOf(stored, {})));
});

test("an instant differing by one microsecond is a change", (t) => {
  t.true(hasChanges(changesOf(stored, { start: Instant.ofEpochMicros(2) })));
});

test("the next update time is now, or one microsecond after the previous one", (t) => {
  const previous = Instant.ofEpochMicros(1_000_000);
  t.is(nextUpdateTime(previous, Instant.ofEpochMicros(2_000_000)).epochMicros, 2_000_000);
  t.is(nextUpdateTime(previous, Instant.ofEpochMicros(1_000_000)).epochMicros, 1_000_001);
  t.is(nextUpdateTime(previous, Instant.ofEpochMicros(5)).epochMicros, 1_000_001);
});
