import test from "ava";
import { FanOut, SubscriberTooSlowError } from "../../../services/kit/events/fan-out.js";

async function readAll<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

test("a subscriber that stops reading is cut off when its queue is full; the others get every item", async (t) => {
  const fanOut = new FanOut<number>(3);
  const stalled = fanOut.subscribe();
  const reader = fanOut.subscribe();
  const received = readAll(reader);
  for (let item = 1; item <= 10; item++) {
    fanOut.publish([item]);
    await new Promise(setImmediate);
  }
  t.is(fanOut.size, 1, "the stalled subscriber was detached");
  reader.close();
  t.deepEqual(await received, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  await t.throwsAsync(readAll(stalled), { instanceOf: SubscriberTooSlowError });
});

test("one publish larger than the limit is taken whole by a subscriber that keeps up", async (t) => {
  const fanOut = new FanOut<number>(3);
  const subscription = fanOut.subscribe();
  fanOut.publish([1, 2, 3, 4, 5, 6]);
  subscription.close();
  t.deepEqual(await readAll(subscription), [1, 2, 3, 4, 5, 6]);
});

test("a subscriber with the limit waiting is cut off when more arrive", async (t) => {
  const fanOut = new FanOut<number>(3);
  const subscription = fanOut.subscribe();
  fanOut.publish([1, 2, 3]);
  t.is(fanOut.size, 1);
  fanOut.publish([4]);
  t.is(fanOut.size, 0);
  await t.throwsAsync(readAll(subscription), { instanceOf: SubscriberTooSlowError });
});

test("publishing returns at once while nobody reads: it only queues", (t) => {
  const fanOut = new FanOut<number>(1000);
  const subscription = fanOut.subscribe();
  fanOut.publish([1, 2, 3]);
  fanOut.publish([4]);
  t.is(subscription.pending, 4);
});

test("closing a subscription ends its iteration after what it had queued", async (t) => {
  const fanOut = new FanOut<string>(10);
  const subscription = fanOut.subscribe();
  fanOut.publish(["a", "b"]);
  subscription.close();
  fanOut.publish(["c"]);
  t.deepEqual(await readAll(subscription), ["a", "b"]);
  t.is(fanOut.size, 0);
});

test("a subscription receives only what is published after it subscribed", async (t) => {
  const fanOut = new FanOut<string>(10);
  fanOut.publish(["before"]);
  const subscription = fanOut.subscribe();
  fanOut.publish(["after"]);
  subscription.close();
  t.deepEqual(await readAll(subscription), ["after"]);
});

test("a queue limit below 1 is refused", (t) => {
  t.throws(() => new FanOut(0), { message: /above 0/ });
});
