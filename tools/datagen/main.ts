/**
 * tsx tools/datagen/main.ts --annotations N --database-url mysql://... [--registry-database-url URL]
 *   [--seed 42] [--annotations-per-video 1000] [--videos-per-dive 4] [--chunk-size 5000] [--parallel 2]
 *   [--kb-dump PATH]
 * Fills empty annotation tables (and, when given, the registry's) with N generated annotations.
 */
import { parseArgs } from "node:util";
import { parseDatabaseUrl, redact } from "../../services/kit/storage/database-url.js";
import { DATAGEN_DEFAULTS, generateAnnotationData } from "./datagen.js";
import { datagenProgress } from "./datagen-progress.js";

const USAGE = `usage: tsx tools/datagen/main.ts --annotations N [--database-url mysql://user:pw@host:port/db]
  [--registry-database-url URL] [--seed ${DATAGEN_DEFAULTS.seed}] [--annotations-per-video ${DATAGEN_DEFAULTS.annotationsPerVideo}]
  [--videos-per-dive ${DATAGEN_DEFAULTS.videosPerDive}] [--chunk-size ${DATAGEN_DEFAULTS.chunkSize}] [--parallel ${DATAGEN_DEFAULTS.parallel}] [--kb-dump PATH]
The database URLs default to M3_ANNOTATION_DATABASE_URL (or M3_DATABASE_URL) and M3_REGISTRY_DATABASE_URL.
`;

function positive(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text.replace(/_/g, ""));
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      annotations: { type: "string" },
      "database-url": { type: "string" },
      "registry-database-url": { type: "string" },
      seed: { type: "string" },
      "annotations-per-video": { type: "string" },
      "videos-per-dive": { type: "string" },
      "chunk-size": { type: "string" },
      parallel: { type: "string" },
      "kb-dump": { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const url = values["database-url"] ?? process.env.M3_ANNOTATION_DATABASE_URL ?? process.env.M3_DATABASE_URL;
  if (values.annotations === undefined || url === undefined) throw new Error(`missing options\n${USAGE}`);
  const registryUrl = values["registry-database-url"] ?? process.env.M3_REGISTRY_DATABASE_URL;
  const annotations = positive("annotations", values.annotations, 0);
  process.stderr.write(
    `generating ${annotations} annotations into ${redact(url)}${registryUrl ? ` and videos into ${redact(registryUrl)}` : ""}\n`,
  );
  const result = await generateAnnotationData({
    annotationTarget: parseDatabaseUrl(url),
    registryTarget: registryUrl === undefined ? undefined : parseDatabaseUrl(registryUrl),
    annotations,
    seed: positive("seed", values.seed, DATAGEN_DEFAULTS.seed),
    annotationsPerVideo: positive(
      "annotations-per-video",
      values["annotations-per-video"],
      DATAGEN_DEFAULTS.annotationsPerVideo,
    ),
    videosPerDive: positive("videos-per-dive", values["videos-per-dive"], DATAGEN_DEFAULTS.videosPerDive),
    chunkSize: positive("chunk-size", values["chunk-size"], DATAGEN_DEFAULTS.chunkSize),
    parallel: positive("parallel", values.parallel, DATAGEN_DEFAULTS.parallel),
    kbDump: values["kb-dump"],
    onProgress: datagenProgress(),
  });
  const tables = Object.entries(result.rows)
    .map(([table, count]) => `${table} ${count}`)
    .join(", ");
  process.stderr.write(
    `rows: ${tables}\n` +
      `concept with 1% of the annotations: "${result.target.name}" (${result.target.count}); ` +
      `most annotated: "${result.top.name}" (${result.top.count})\n` +
      `${result.totalRows} rows in ${result.seconds.toFixed(1)} s: ${Math.round(result.rowsPerSecond)} rows/s, ` +
      `${Math.round(result.annotations / result.seconds)} annotations/s\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`datagen failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
