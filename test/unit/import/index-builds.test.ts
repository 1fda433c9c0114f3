import test from "ava";
import { IndexBuilds } from "../../../tools/m3/import/merge/index-builds.js";

test("index builds run one after another in the order scheduled, and settle waits for all of them", async (t) => {
  const builds = new IndexBuilds();
  const order: string[] = [];
  const slow = (name: string, ms: number) => async () => {
    order.push(`${name} started`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    order.push(`${name} done`);
  };
  builds.schedule(slow("observations", 30));
  builds.schedule(slow("associations", 1));
  await builds.settle();
  t.deepEqual(order, [
    "observations started",
    "observations done",
    "associations started",
    "associations done",
  ]);
});

test("a failed build is thrown by settle once, after the builds scheduled behind it have run", async (t) => {
  const builds = new IndexBuilds();
  let later = false;
  builds.schedule(async () => {
    throw new Error("duplicate key");
  });
  builds.schedule(async () => {
    later = true;
  });
  await t.throwsAsync(builds.settle(), { message: "duplicate key" });
  t.true(later);
  await t.notThrowsAsync(builds.settle());
});
