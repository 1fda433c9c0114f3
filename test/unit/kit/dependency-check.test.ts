import test from "ava";
import { DependencyCheck } from "../../../services/kit/grpc/dependency-check.js";

test("a dependency that answers is SERVING and one that fails is NOT_SERVING", async (t) => {
  t.is(await new DependencyCheck(async () => {}).status(), "SERVING");
  t.is(await new DependencyCheck(() => Promise.reject(new Error("ECONNREFUSED"))).status(), "NOT_SERVING");
});

test("a dependency that does not answer within two seconds is NOT_SERVING, without waiting for it", async (t) => {
  const check = new DependencyCheck(() => new Promise(() => {}));
  const started = performance.now();
  t.is(await check.status(), "NOT_SERVING");
  const waited = performance.now() - started;
  t.true(waited >= 1_900 && waited < 3_000, `waited ${Math.round(waited)} ms`);
});

test("checks asked for within a second share one probe", async (t) => {
  let probes = 0;
  const check = new DependencyCheck(async () => {
    probes++;
  });
  await Promise.all([check.status(), check.status(), check.status()]);
  await check.status();
  t.is(probes, 1);
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await check.status();
  t.is(probes, 2);
});
