import { PassThrough, Readable } from "node:stream";
import test from "ava";
import { readableBatches } from "../../../services/kit/storage/readable-batches.js";

function objects(count: number): Readable {
  return Readable.from(
    Array.from({ length: count }, (_, index) => ({ index })),
    { highWaterMark: 8 },
  );
}

test("every object arrives once, in order, in batches no larger than asked", async (t) => {
  const batches: { index: number }[][] = [];
  for await (const batch of readableBatches<{ index: number }>(objects(100), 5)) batches.push(batch);
  t.deepEqual(
    batches.flat().map((item) => item.index),
    Array.from({ length: 100 }, (_, index) => index),
  );
  t.true(batches.every((batch) => batch.length >= 1 && batch.length <= 5));
});

test("an empty stream gives no batch", async (t) => {
  let batches = 0;
  for await (const _ of readableBatches(objects(0), 5)) batches++;
  t.is(batches, 0);
});

test("the stream's error ends the iteration with that error", async (t) => {
  const stream = new PassThrough({ objectMode: true });
  stream.write({ index: 0 });
  const seen: unknown[] = [];
  const iteration = (async () => {
    for await (const batch of readableBatches(stream, 10)) {
      seen.push(...batch);
      stream.destroy(new Error("connection lost"));
    }
  })();
  await t.throwsAsync(iteration, { message: "connection lost" });
  t.is(seen.length, 1);
});

test("a stream destroyed before its end without an error is not taken for a whole result", async (t) => {
  const stream = new PassThrough({ objectMode: true });
  stream.write({ index: 0 });
  const iteration = (async () => {
    for await (const _ of readableBatches(stream, 10)) stream.destroy();
  })();
  await t.throwsAsync(iteration, { message: /closed before its end/ });
});

test("nothing more is read while the consumer holds a batch (back-pressure)", async (t) => {
  let produced = 0;
  const stream = new Readable({
    objectMode: true,
    highWaterMark: 4,
    read() {
      produced++;
      this.push(produced <= 1000 ? { index: produced } : null);
    },
  });
  for await (const batch of readableBatches(stream, 4)) {
    t.true(batch.length <= 4);
    const before = produced;
    await new Promise((resolve) => setTimeout(resolve, 5));
    t.true(produced - before <= 5, `read ${produced - before} while a batch was held`);
    if (produced > 40) break;
  }
  t.true(produced < 100);
});
