import { AsyncLocalStorage } from "node:async_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import test from "ava";
import { VersionWatch } from "../../../services/kb/cache/version-watch.js";
import { VersionedReadCache } from "../../../services/kb/cache/versioned-read-cache.js";

/** A version store whose reads see the version as it is when sent and wait until released. */
class HeldVersions {
  version = 1;
  reads = 0;
  private waiting: (() => void)[] = [];

  read = (): Promise<number> => {
    this.reads++;
    const version = this.version;
    return new Promise((resolve) => this.waiting.push(() => resolve(version)));
  };

  /** Lets every read under way finish. */
  release(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const finish of waiting) finish();
  }
}

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

const turn = () => new Promise((resolve) => setImmediate(resolve));

test("callers arriving during a version read share the next read, which starts after they arrived", async (t) => {
  const versions = new HeldVersions();
  const watch = new VersionWatch(versions.read);
  const first = watch.current();
  versions.version = 2; // a write commits after the first read was sent, before the next requests
  const during = [watch.current(), watch.current(), watch.current()];
  t.is(versions.reads, 1, "one read at a time");
  versions.release();
  t.is(await first, 1);
  await turn();
  t.is(versions.reads, 2, "the three callers share one more read");
  versions.release();
  t.deepEqual(await Promise.all(during), [2, 2, 2], "they see the write");
});

test("a failed version read fails its callers and the next caller reads again", async (t) => {
  let fail = true;
  const watch = new VersionWatch(async () => {
    if (fail) throw new Error("database down");
    return 7;
  });
  await t.throwsAsync(watch.current(), { message: "database down" });
  fail = false;
  t.is(await watch.current(), 7);
});

function cacheOver(versions: { version: number }, limit?: number) {
  return new VersionedReadCache(new VersionWatch(async () => versions.version), limit);
}

test("an answer is loaded once while the version stays the same, and again after it changes", async (t) => {
  const versions = { version: 1 };
  const cache = cacheOver(versions);
  let loads = 0;
  const load = async () => ({ load: ++loads });
  const first = await cache.read("concept Nanomia", load);
  t.is(await cache.read("concept Nanomia", load), first);
  t.is(loads, 1);
  versions.version = 2;
  t.deepEqual(await cache.read("concept Nanomia", load), { load: 2 });
});

test("an answer loaded while a write commits is not kept past that write", async (t) => {
  const versions = { version: 1 };
  const cache = cacheOver(versions);
  let release: () => void = () => {};
  const slowLoad = cache.read("find nanomia", async () => {
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return "before the write";
  });
  await turn();
  versions.version = 2;
  t.is(await cache.read("find nanomia", async () => "after the write"), "after the write");
  release();
  t.is(await slowLoad, "before the write");
  t.is(await cache.read("find nanomia", async () => "reloaded"), "after the write");
});

test("a failed load is not kept", async (t) => {
  const cache = cacheOver({ version: 1 });
  await t.throwsAsync(
    cache.read("concept nothing", async () => {
      throw new Error("not found");
    }),
    { message: "not found" },
  );
  t.is(await cache.read("concept nothing", async () => "created since"), "created since");
});

test("the oldest answers go once the concepts held pass the limit", async (t) => {
  const cache = cacheOver({ version: 1 }, 5);
  const list = (size: number) => async () => Array.from({ length: size }, (_, i) => i);
  const count = (answer: number[]) => answer.length;
  await cache.read("find a", list(3), count);
  await cache.read("find b", list(2), count);
  await cache.read("find c", list(2), count);
  let reloaded = false;
  await cache.read(
    "find a",
    async () => {
      reloaded = true;
      return [];
    },
    count,
  );
  t.true(reloaded, "find a was dropped to make room");
  t.deepEqual(await cache.read("find c", list(9), count), [0, 1], "find c was kept");
});

test("a load reuses the parts another load of the same version kept, and no part of an older version", async (t) => {
  const versions = { version: 1 };
  const cache = cacheOver(versions);
  await cache.read("concept Nanomia", async (scope) => {
    scope.keep("view 7", { id: 7, loadedAt: 1 });
    return "Nanomia";
  });
  const reused = await cache.read("find nano", async (scope) => scope.get<{ loadedAt: number }>("view 7"));
  t.deepEqual(reused, { id: 7, loadedAt: 1 });
  versions.version = 2;
  t.is(await cache.read("find nanomia", async (scope) => scope.get("view 7")), undefined);
});

test("a kept answer does not keep the call that loaded it alive (its async context)", async (t) => {
  const cache = cacheOver({ version: 1 });
  const calls = new AsyncLocalStorage<{ payload: Uint8Array }>();
  const callsGone = new FinalizationRegistry<string>(() => gone++);
  let gone = 0;
  const loadInCall = (key: string) => {
    const call = { payload: new Uint8Array(1024) };
    callsGone.register(call, key);
    return calls.run(call, () =>
      cache.read(key, async (scope) => {
        await turn();
        scope.keep(`${key}/part`, { part: key });
        return { answer: key };
      }),
    );
  };
  for (let i = 0; i < 20; i++) t.deepEqual(await loadInCall(`k${i}`), { answer: `k${i}` });
  for (let round = 0; round < 5 && gone < 20; round++) {
    collectGarbage();
    await turn();
  }
  t.is(gone, 20, "every call's context was collected while its answers stay cached");
  let loads = 0;
  const again = await cache.read("k3", async () => {
    loads++;
    return { answer: "reloaded" };
  });
  t.deepEqual(again, { answer: "k3" });
  t.is(loads, 0, "the answer is still cached");
});
