import test from "ava";
import packageJson from "../../../package.json" with { type: "json" };
import { BENCHES, commandOf } from "../../../tools/dev/bench/all/bench-list.js";

test("every benchmark bench:all runs is an npm script of the package", (t) => {
  const scripts = Object.keys(packageJson.scripts);
  for (const { script } of BENCHES) t.true(scripts.includes(script), script);
});

test("a benchmark run in a mode of its own is named by its environment and its script", (t) => {
  t.is(
    commandOf({ script: "bench:registry", about: "", env: { BENCH_SPLIT: "true" } }),
    "BENCH_SPLIT=true npm run bench:registry",
  );
  t.is(commandOf({ script: "bench:kb", about: "" }), "npm run bench:kb");
});

test("bench:all measures the split deployment beside the all-in-one", (t) => {
  const registry = BENCHES.filter((entry) => entry.script === "bench:registry").map(commandOf);
  t.deepEqual(registry, ["npm run bench:registry", "BENCH_SPLIT=true npm run bench:registry"]);
});

test("bench:all loads every GET route on both engines", (t) => {
  const routes = BENCHES.filter((entry) => entry.script === "bench:routes").map(commandOf);
  t.deepEqual(routes, ["npm run bench:routes", "BENCH_ENGINE=mariadb npm run bench:routes"]);
});
