import test from "ava";
import { datagenProgress } from "../../../tools/datagen/datagen-progress.js";
import { SeededRandom, SeededUuids } from "../../../tools/datagen/seeded-random.js";

function recorder(isTTY: boolean) {
  const written: string[] = [];
  let now = 0;
  const report = datagenProgress({ isTTY, write: (text: string) => written.push(text) }, () => now);
  return { written, report, advance: (millis: number) => (now += millis) };
}

test("without a terminal it writes a plain line every few seconds and one at the end", (t) => {
  const { written, report, advance } = recorder(false);
  advance(1000);
  report(100, 1000);
  advance(5000);
  report(600, 1000);
  advance(1000);
  report(1000, 1000);
  t.deepEqual(written, [
    "datagen: 60% 600/1000 annotations, 100/s, 4 s left\n",
    "datagen: 100% 1000/1000 annotations, 143/s, 0 s left\n",
  ]);
});

test("on a terminal it redraws a bar in place and ends the line when done", (t) => {
  const { written, report, advance } = recorder(true);
  advance(1000);
  report(500, 1000);
  advance(1000);
  report(1000, 1000);
  t.is(written.length, 2);
  t.true(written[0]?.startsWith(`\r[${"#".repeat(15)}${"-".repeat(15)}] 50% 500/1000`));
  t.true(written[1]?.endsWith("\n"));
});

test("seeded UUIDs are version 7, time-ordered and the same for the same seed", (t) => {
  const make = (seed: number) => {
    const uuids = new SeededUuids(new SeededRandom(seed), Date.UTC(2025, 0, 1));
    return Array.from({ length: 50 }, () => uuids.next());
  };
  const first = make(1);
  t.deepEqual(make(1), first);
  t.notDeepEqual(make(2), first);
  t.true(
    first.every((uuid) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(uuid)),
  );
  t.deepEqual([...first].sort(), first);
});
