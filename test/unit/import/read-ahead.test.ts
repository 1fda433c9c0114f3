import test from "ava";
import { readAhead } from "../../../tools/m3/import/merge/read-ahead.js";

test("read-ahead hands the batches over in order, asking for the next while the caller holds the current", async (t) => {
  const asked: number[] = [];
  async function* batches() {
    for (let batch = 1; batch <= 3; batch++) {
      asked.push(batch);
      yield batch;
    }
  }
  const seen: { batch: number; askedBefore: number[] }[] = [];
  for await (const batch of readAhead(batches())) {
    await new Promise((resolve) => setImmediate(resolve));
    seen.push({ batch, askedBefore: [...asked] });
  }
  t.deepEqual(seen, [
    { batch: 1, askedBefore: [1, 2] },
    { batch: 2, askedBefore: [1, 2, 3] },
    { batch: 3, askedBefore: [1, 2, 3] },
  ]);
});

test("a failed read reaches the caller at its turn", async (t) => {
  async function* failing() {
    yield 1;
    throw new Error("source lost");
  }
  const seen: number[] = [];
  await t.throwsAsync(
    async () => {
      for await (const batch of readAhead(failing())) seen.push(batch);
    },
    { message: "source lost" },
  );
  t.deepEqual(seen, [1]);
});
