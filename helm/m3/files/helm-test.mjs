// `helm test`: asks the gateway each path of M3_CHECK_PATHS (space-separated) and fails when any
// answer is not 2xx or does not come within 10 s. Runs as `node --input-type=module -e` in the m3 image.
const base = (process.env.M3_GATEWAY_URL ?? "").replace(/\/$/, "");
const paths = (process.env.M3_CHECK_PATHS ?? "").split(/\s+/).filter(Boolean);
let failures = 0;
for (const path of paths) {
  try {
    const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    console.log(`${response.ok ? "ok  " : "FAIL"} ${response.status} GET ${path}`);
    if (!response.ok) failures += 1;
  } catch (error) {
    console.log(`FAIL GET ${path}: ${error.message}`);
    failures += 1;
  }
}
if (paths.length === 0) console.log("FAIL nothing to check: M3_CHECK_PATHS is empty");
console.log(`${paths.length - failures} of ${paths.length} checks passed against ${base}`);
process.exitCode = failures > 0 || paths.length === 0 ? 1 : 0;
