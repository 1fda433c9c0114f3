import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { printBanner, startupBanner } from "../../../tools/m3/all-in-one/banner.js";
import { readAllInOneConfig } from "../../../tools/m3/all-in-one/config.js";

const BASE = "http://localhost:8080";
const options = {
  baseUrl: BASE,
  workers: 2,
  apiKey: "the-key",
  admin: { username: "admin", password: "secret" },
  secretsFile: "data/secrets.json",
  secretsCreated: true,
  basePaths: [
    { domain: "kb", basePath: "/kb/v1" },
    { domain: "annotation", basePath: "/anno/v1" },
  ],
};

/** The index of the first line of `banner` that includes `text`. */
const lineOf = (banner: string, text: string) => banner.split("\n").findIndex((line) => line.includes(text));

test("the banner names the web console's URL first, right after where m3 runs and before every API", (t) => {
  const banner = startupBanner({ ...options, consoleBuilt: true });
  const consoleLine = lineOf(banner, "Web console:");
  t.is(banner.split("\n")[consoleLine], `Web console: ${BASE}/  (open it in a browser)`);
  t.true(lineOf(banner, `m3 is running at ${BASE}`) < consoleLine);
  t.true(consoleLine < lineOf(banner, "REST APIs:"));
  t.true(lineOf(banner, "REST APIs:") < lineOf(banner, `${BASE}/kb/v1`));
  // Nothing but the process count comes between where m3 runs and its console.
  const before = banner.split("\n").slice(lineOf(banner, "m3 is running at") + 1, consoleLine);
  t.deepEqual(
    before.filter((line) => line.trim() !== ""),
    ["  served by 2 worker processes sharing the port (M3_WORKERS=2)"],
  );
});

test("without a built console the banner says so and how to build it, still before the APIs", (t) => {
  const banner = startupBanner({ ...options, consoleBuilt: false });
  t.is(
    banner.split("\n")[lineOf(banner, "Web console:")],
    `Web console: not built (npm run console:build builds it, then open ${BASE}/)`,
  );
  t.true(lineOf(banner, "Web console:") < lineOf(banner, `${BASE}/anno/v1`));
});

test.serial(
  "the printed banner calls the console built when the gateway's console folder holds a page",
  (t) => {
    const folder = mkdtempSync(join(tmpdir(), "m3-banner-console-"));
    t.teardown(() => rmSync(folder, { recursive: true, force: true }));
    const printed: string[] = [];
    const log = console.log;
    console.log = (text: string) => printed.push(text);
    try {
      const print = () =>
        printBanner({
          config: readAllInOneConfig({ M3_HOST: "127.0.0.1" }, []),
          prepared: {
            env: { M3_CONSOLE_DIR: folder, M3_API_KEY: "k" },
            generatedApiKey: "k",
            secretsCreated: false,
            secretsWhere: "data/secrets.json",
          },
          platform: { port: 8123, routes: [] },
          workers: 1,
        });
      print();
      writeFileSync(join(folder, "index.html"), "<!doctype html>");
      print();
    } finally {
      console.log = log;
    }
    t.regex(printed[0] ?? "", /^Web console: not built/m);
    t.regex(printed[1] ?? "", /^Web console: http:\/\/127\.0\.0\.1:8123\/ {2}\(open it in a browser\)$/m);
  },
);
