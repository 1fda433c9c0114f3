import test from "ava";
import { backoffMillis, WorkQueue } from "../../../services/operator/controller/work-queue.js";

const OPTIONS = { baseDelayMillis: 100, maxDelayMillis: 1_000 };

test("a key added several times waits in the queue once", async (t) => {
  const queue = new WorkQueue(OPTIONS);
  queue.add("media/m3");
  queue.add("media/m3");
  queue.add("media/other");
  t.is(queue.length, 2);
  t.is(await queue.get(), "media/m3");
  t.is(await queue.get(), "media/other");
});

test("a key added while a worker holds it is handed out again only after that worker is done", async (t) => {
  const queue = new WorkQueue(OPTIONS);
  queue.add("media/m3");
  const key = await queue.get();
  queue.add("media/m3");
  t.is(queue.length, 0);
  queue.done(key ?? "");
  t.is(queue.length, 1);
  t.is(await queue.get(), "media/m3");
});

test("a waiting worker gets the next key added; shutdown releases waiting workers with no key", async (t) => {
  const queue = new WorkQueue(OPTIONS);
  const waiting = queue.get();
  queue.add("media/m3");
  t.is(await waiting, "media/m3");
  const idle = queue.get();
  queue.shutdown();
  t.is(await idle, undefined);
});

test("the backoff doubles per failure up to the maximum, and forget starts it over", (t) => {
  t.deepEqual(
    [0, 1, 2, 3, 4, 10].map((failures) => backoffMillis(failures, OPTIONS)),
    [100, 200, 400, 800, 1_000, 1_000],
  );
  const queue = new WorkQueue(OPTIONS);
  queue.addRateLimited("media/m3");
  queue.addRateLimited("media/m3");
  t.is(queue.failuresOf("media/m3"), 2);
  queue.forget("media/m3");
  t.is(queue.failuresOf("media/m3"), 0);
  queue.shutdown();
});
