import test from "ava";
import { newestReads } from "../../../gateway/console/src/composables/newest-reads.js";

/** A promise and the function that settles it. */
function gate<T>() {
  let open: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

test("an answer coming in after a later read's answer of the same key is dropped", async (t) => {
  const read = newestReads();
  const older = gate<string>();
  const newer = gate<string>();
  const first = read("a", () => older.promise);
  const second = read("a", () => newer.promise);
  newer.open("after the second change");
  t.is(await second, "after the second change");
  older.open("after the first change");
  t.is(await first, undefined);
});

test("answers coming in the order asked are all taken", async (t) => {
  const read = newestReads();
  const older = gate<string>();
  const newer = gate<string>();
  const first = read("a", () => older.promise);
  const second = read("a", () => newer.promise);
  older.open("first");
  t.is(await first, "first");
  newer.open("second");
  t.is(await second, "second");
});

test("reads of other keys do not hold each other's answers back", async (t) => {
  const read = newestReads();
  const slow = gate<string>();
  const first = read("a", () => slow.promise);
  t.is(await read("b", async () => "b now"), "b now");
  slow.open("a later");
  t.is(await first, "a later");
});
