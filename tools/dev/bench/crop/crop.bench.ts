/**
 * Crop benchmark (`npm run bench:crop`): a cached crop through the gateway; an uncached crop of a
 * 1920x1080 JPEG through the gateway, fetched over loopback HTTP for each crop, and again with the
 * image already held in memory (a review grid's later boxes); and the floor: sharp alone on the
 * JPEG's bytes in memory, the same region cut and encoded as PNG with the same calls. Goals: the
 * cached crop under 5 ms at p50 and p99; the uncached crop within 1.2x of sharp alone. The
 * uncached runs and the floor alternate, region by region, so that all see the same machine load.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { startCaptureStack } from "../../fixtures/capture-stack.js";
import { loadAverage } from "../harness/machine.js";

const CACHED_REQUESTS = Number(process.env.BENCH_CROP_CACHED_REQUESTS ?? 1000);
const UNCACHED_CROPS = Number(process.env.BENCH_CROP_UNCACHED ?? 60);
const WIDTH = 1920;
const HEIGHT = 1080;

// A photo-like JPEG: smooth gradients under grain, about the size of a frame grab.
const jpeg = await sharp({
  create: {
    width: WIDTH,
    height: HEIGHT,
    channels: 3,
    background: "#000000",
    noise: { type: "gaussian", mean: 120, sigma: 25 },
  },
})
  .blur(1.2)
  .jpeg({ quality: 90 })
  .toBuffer();

const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "image/jpeg", "content-length": jpeg.length }).end(jpeg);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const imageBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

interface Region {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A 320x240 box (a typical annotation's) at a different place for each index. */
function region(index: number): Region {
  const left = (index * 97) % (WIDTH - 320);
  const top = (index * 61) % (HEIGHT - 240);
  return { left, top, right: left + 320, bottom: top + 240 };
}

async function crop(baseUrl: string, url: string, box: Region, expected: "HIT" | "MISS"): Promise<number> {
  const query = new URLSearchParams({
    url,
    ...Object.fromEntries(Object.entries(box).map(([k, v]) => [k, `${v}`])),
  });
  const started = performance.now();
  const response = await fetch(`${baseUrl}/skimmer/crop?${query}`);
  const body = await response.arrayBuffer();
  const millis = performance.now() - started;
  if (response.status !== 200 || response.headers.get("x-cache") !== expected || body.byteLength === 0) {
    throw new Error(`crop answered ${response.status} ${response.headers.get("x-cache")}`);
  }
  return millis;
}

/** The floor: what png-crop.ts asks of sharp, on bytes already in memory. */
async function sharpAlone(box: Region): Promise<number> {
  const started = performance.now();
  await sharp(jpeg).metadata();
  const png = await sharp(jpeg)
    .extract({ left: box.left, top: box.top, width: box.right - box.left, height: box.bottom - box.top })
    .png()
    .toBuffer();
  const millis = performance.now() - started;
  if (png.length === 0) throw new Error("sharp made nothing");
  return millis;
}

function quantiles(millis: number[]): { p50: number; p99: number } {
  const sorted = [...millis].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99) };
}

function row(label: string, millis: number[]): string {
  const { p50, p99 } = quantiles(millis);
  return `${label.padEnd(58)} p50 ${p50.toFixed(2).padStart(7)} ms   p99 ${p99.toFixed(2).padStart(7)} ms`;
}

/** One gateway in front of the capture domain: over gRPC (separate processes) or in process (`npm start`). */
async function measure(transport: "grpc" | "in-process"): Promise<void> {
  const stack = await startCaptureStack({}, { inProcess: transport === "in-process" });
  const base = stack.baseUrl;
  try {
    // Warm-up: JIT, the gRPC channel, libvips' caches.
    for (let i = 0; i < 10; i++) {
      await crop(base, `${imageBase}/warm-${i}.jpg`, region(i), "MISS");
      await sharpAlone(region(i));
    }
    const cachedUrl = `${imageBase}/cached.jpg`;
    await crop(base, cachedUrl, region(0), "MISS");
    const cached: number[] = [];
    for (let i = 0; i < CACHED_REQUESTS; i++) cached.push(await crop(base, cachedUrl, region(0), "HIT"));
    const fetched: number[] = [];
    const inMemory: number[] = [];
    const floor: number[] = [];
    const heldUrl = `${imageBase}/held.jpg`;
    await crop(base, heldUrl, region(1_000), "MISS");
    for (let i = 0; i < UNCACHED_CROPS; i++) {
      const box = region(100 + i);
      // A URL of its own each time: nothing held, the JPEG comes over HTTP.
      fetched.push(await crop(base, `${imageBase}/photo-${i}.jpg`, box, "MISS"));
      inMemory.push(await crop(base, heldUrl, box, "MISS"));
      floor.push(await sharpAlone(box));
    }
    console.log(`\ngateway → capture ${transport === "grpc" ? "over gRPC" : "in process (npm start)"}`);
    console.log(row(`cached crop (${CACHED_REQUESTS} requests)`, cached));
    console.log(row(`uncached crop, JPEG fetched over HTTP (${UNCACHED_CROPS})`, fetched));
    console.log(row(`uncached crop, JPEG held in memory (${UNCACHED_CROPS})`, inMemory));
    console.log(row(`floor: sharp alone, bytes in memory (${UNCACHED_CROPS})`, floor));
    const cachedQ = quantiles(cached);
    const floorP50 = quantiles(floor).p50;
    console.log(`cached under 5 ms at p50 and p99: ${cachedQ.p50 < 5 && cachedQ.p99 < 5 ? "yes" : "NO"}`);
    for (const [label, millis] of [
      ["fetched", fetched],
      ["held in memory", inMemory],
    ] as const) {
      const ratio = quantiles(millis).p50 / floorP50;
      console.log(
        `uncached (${label}) / sharp alone, p50: ${ratio.toFixed(3)} (goal <= 1.2: ${ratio <= 1.2 ? "yes" : "NO"})`,
      );
    }
  } finally {
    await stack.stop();
  }
}

try {
  console.log(
    `crop benchmark: ${WIDTH}x${HEIGHT} JPEG (${jpeg.length} bytes), 320x240 regions, sequential requests`,
  );
  console.log(`load average at the start: ${loadAverage()}`);
  await measure("grpc");
  await measure("in-process");
  console.log(`\nload average at the end: ${loadAverage()}`);
} finally {
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
