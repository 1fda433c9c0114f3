import test from "ava";
import { newestReads } from "../../../gateway/console/src/composables/newest-reads.js";

/** A promise and the function that settles it. */
function gate<T>() {
  let open: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

/** Two reads of key "a", the first asked first, each answering when its gate opens. */
function twoReads() {
  const read = newestReads();
  const older = gate<string>();
  const newer = gate<string>();
  return { older, newer, first: read("a", () => older.promise), second: read("a", () => newer.promise) };
}

test("an answer coming in after a later read's answer of the same key is dropped", async (t) => {
  const { older, newer, first, second } = twoReads();
  newer.open("after the second change");
  t.is(await second, "after the second change");
  older.open("after the first change");
  t.is(await first, undefined);
});

test("answers coming in the order asked are all taken", async (t) => {
  const { older, newer, first, second } = twoReads();
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
