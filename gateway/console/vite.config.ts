import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import vue from "@vitejs/plugin-vue";
import { defineConfig, type Plugin } from "vite";

const consoleRoot = fileURLToPath(new URL(".", import.meta.url));
/** The gateway serves this folder (gateway/src/console/console-root.ts); .tmp/ is not committed. */
const outDir = fileURLToPath(new URL("../../.tmp/console", import.meta.url));

/** A .gz beside every text output, so the gateway sends compressed files without compressing per request. */
function precompress(): Plugin {
  return {
    name: "m3-precompress",
    apply: "build",
    writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      for (const name of [...Object.keys(bundle), "index.html"]) {
        if (!/\.(js|css|html|json|svg)$/.test(name)) continue;
        const path = join(dir, name);
        writeFileSync(`${path}.gz`, gzipSync(readFileSync(path), { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: consoleRoot,
  base: "/console/",
  plugins: [vue(), precompress()],
  worker: { format: "es" },
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false,
    // vue-router imports @vue/devtools-api for a branch that is dead in production; once the code
    // shared by the first bundle and the lazy screens became a chunk of its own, the module was kept
    // for its presumed side effects (~100 KB raw in the first load). It has none worth keeping.
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: /[\\/]@vue[\\/]devtools-/, sideEffects: false }] },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ["/kb", "/anno", "/vam", "/config", "/capture", "/panoptes", "/status"].map((path) => [
        path,
        "http://localhost:8080",
      ]),
    ),
  },
});
