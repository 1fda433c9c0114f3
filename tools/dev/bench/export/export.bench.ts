/**
 * `npm run bench:export`: `m3 export coco` of BENCH_BOXES boxes (default 10,000; goal under 10 s)
 * from a SQLite site as `npm start` keeps one, annotation file only (images not fetched:
 * `--images none`, the sizes from the image references), in this process, against its floor
 * (export-floor.ts: the same rows read with better-sqlite3 and the same document written with one
 * JSON.stringify). A warm-up of each, then BENCH_RUNS rounds (default 5) taking each in turn:
 * median and best times, CPU, the ratio to the floor, this process's peak RSS, the load average.
 * Then one round with the images (`--images full`, from a loopback server answering a 1920x1080
 * PNG, one image per four boxes) against its floor: the same URLs fetched with bare fetch at the
 * same concurrency and written.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openAnnotationStorage } from "../../../../services/annotation/annotation-domain.js";
import { domainDatabaseTarget } from "../../../../services/kit/storage/database-url.js";
import { exportBoxes } from "../../../m3/export/export-boxes.js";
import { loadAverage } from "../harness/machine.js";
import { floorCoco } from "./export-floor.js";
import { floorImages, startImageServer } from "./export-images.js";
import { seedBoxes } from "./export-seed.js";

const BOXES = Number(process.env.BENCH_BOXES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

interface Measure {
  millis: number;
  cpuMillis: number;
}

async function measure(work: () => Promise<unknown> | unknown): Promise<Measure> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { millis: performance.now() - started, cpuMillis: (used.user + used.system) / 1000 };
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const best = (values: readonly number[]) => Math.min(...values);

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "m3-bench-export-"));
  const site = join(folder, "site");
  const target = (domain: string) => domainDatabaseTarget(undefined, site, domain);
  const images = await startImageServer();
  try {
    await (await openAnnotationStorage(target("annotation"))).close();
    const seedStarted = performance.now();
    seedBoxes(join(site, "annotation.sqlite"), BOXES, images.base);
    console.log(`seeded ${BOXES} boxes in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    const loadBefore = loadAverage();
    let exported = 0;
    const runExport = async (round: number, mode: "none" | "full" = "none") => {
      const summary = await exportBoxes({
        format: "coco",
        out: join(folder, `m3-${mode}-${round}`),
        images: mode,
        concurrency: 8,
        annotationTarget: target("annotation"),
        kbTarget: target("kb"),
        registryTarget: target("registry"),
      });
      exported = summary.boxes;
    };
    const runFloor = (round: number) =>
      floorCoco(join(site, "annotation.sqlite"), join(folder, `floor-${round}.json`));
    await runExport(-1);
    runFloor(-1);
    const m3: Measure[] = [];
    const floor: Measure[] = [];
    for (let round = 0; round < RUNS; round++) {
      m3.push(await measure(() => runExport(round)));
      floor.push(await measure(() => runFloor(round)));
    }
    if (exported !== BOXES) throw new Error(`the export wrote ${exported} boxes of ${BOXES}`);
    const size = statSync(join(folder, "m3-none-0", "annotations.json")).size;
    const floorMedian = median(floor.map((run) => run.millis));
    const floorCpu = median(floor.map((run) => run.cpuMillis));
    console.log(`COCO of ${BOXES} boxes (${(size / 1e6).toFixed(1)} MB), ${RUNS} rounds after a warm-up:`);
    console.log("| read | median ms | best ms | CPU ms | floor's time / its | floor's CPU / its |");
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const [name, runs] of [
      ["m3 export coco --images none", m3],
      ["floor: better-sqlite3 + one JSON.stringify", floor],
    ] as const) {
      const time = median(runs.map((run) => run.millis));
      const cpu = median(runs.map((run) => run.cpuMillis));
      console.log(
        `| ${name} | ${Math.round(time)} | ${Math.round(best(runs.map((run) => run.millis)))} | ${Math.round(cpu)} | ${(floorMedian / time).toFixed(2)}x | ${(floorCpu / cpu).toFixed(2)}x |`,
      );
    }
    const withImages = await measure(() => runExport(0, "full"));
    mkdirSync(join(folder, "floor-images"));
    let fetched = 0;
    const imagesFloor = await measure(async () => {
      fetched = await floorImages(join(site, "annotation.sqlite"), join(folder, "floor-images"), 8);
    });
    console.log(
      `| m3 export coco --images full (${fetched} images of 1920x1080) | ${Math.round(withImages.millis)} | | ${Math.round(withImages.cpuMillis)} | ${(imagesFloor.millis / withImages.millis).toFixed(2)}x | ${(imagesFloor.cpuMillis / withImages.cpuMillis).toFixed(2)}x |`,
    );
    console.log(
      `| floor: bare fetch of the same images, 8 at once, written | ${Math.round(imagesFloor.millis)} | | ${Math.round(imagesFloor.cpuMillis)} | 1.00x | 1.00x |`,
    );
    console.log(`goal: under 10 s: ${median(m3.map((run) => run.millis)) < 10_000 ? "met" : "NOT met"}`);
    console.log(
      `peak RSS of this process (both sides): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
    );
    console.log(`load average: ${loadBefore} before, ${loadAverage()} after`);
  } finally {
    images.server.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
