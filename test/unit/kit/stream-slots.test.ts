import test from "ava";
import { StreamSlots } from "../../../services/kit/storage/stream-slots.js";

const turn = () => new Promise((resolve) => setImmediate(resolve));

test("beyond its size a stream waits, and turns are given back in arrival order, each once", async (t) => {
  const slots = new StreamSlots(2);
  const first = await slots.take();
  const second = await slots.take();
  const started: string[] = [];
  const takeAs = async (name: string) => {
    const giveBack = await slots.take();
    started.push(name);
    return giveBack;
  };
  const third = takeAs("third");
  const fourth = takeAs("fourth");
  await turn();
  t.deepEqual(started, [], "both wait while two streams hold their turns");
  first();
  first();
  await turn();
  t.deepEqual(started, ["third"], "giving a turn back twice frees one turn");
  second();
  await turn();
  t.deepEqual(started, ["third", "fourth"]);
  (await third)();
  (await fourth)();
  const again = await Promise.race([slots.take(), turn().then(() => "waited")]);
  t.is(typeof again, "function", "every turn was given back");
});
