/**
 * `m3 export` on a seeded SQLite site: COCO checked against the format's required fields and
 * id consistency, YOLO's layout and normalised values, FathomNet's CSV against the columns of
 * MBARI's vars_generate_fathomnet_csv.py; images fetched over HTTP, an unreachable one
 * reported and its box left out; --concept --descendants through the kb; --verified; crops.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import sharp from "sharp";
import { openAnnotationStorage } from "../../../services/annotation/annotation-domain.js";
import { ImageReferenceEntity } from "../../../services/annotation/entities/image-reference.entity.js";
import { kbSchema } from "../../../services/kb/kb.module.js";
import { uuidV7 } from "../../../services/kit/ids/uuid.js";
import { domainDatabaseTarget } from "../../../services/kit/storage/database-url.js";
import { openDomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { Instant } from "../../../services/kit/time/instant.js";
import { type ExportOptions, exportBoxes } from "../../../tools/m3/export/export-boxes.js";
import { FATHOMNET_COLUMNS } from "../../../tools/m3/export/fathomnet-writer.js";
import { seedMoment } from "../../support/annotation/observation-fixtures.js";

const folder = mkdtempSync(join(tmpdir(), "m3-export-it-"));
const site = join(folder, "site");
let server: Server;
let base: string;
const WIDTH = 640;
const HEIGHT = 480;

test.before(async () => {
  const png = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: "#036" } })
    .png()
    .toBuffer();
  server = createServer((request, response) => {
    if (request.url?.startsWith("/images/"))
      response.writeHead(200, { "content-type": "image/png" }).end(png);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await seedSite();
});

test.after.always(() => {
  server?.close();
  rmSync(folder, { recursive: true, force: true });
});

const box = (fields: Record<string, unknown>) => ({
  linkName: "bounding box",
  toConcept: "self",
  mimeType: "application/json",
  linkValue: JSON.stringify({ generator: "vars-localize", ...fields }),
});

/** kb: Animalia > Cnidaria > Aegina; annotations: 3 Aegina boxes on two images (one verified), 1 on an unreachable image, 1 Nanomia box. */
async function seedSite(): Promise<void> {
  const kb = await openDomainStorage({
    target: domainDatabaseTarget(undefined, site, "kb"),
    domain: "kb",
    ...kbSchema,
  });
  await kb.transaction(async (manager) => {
    for (const [id, parent, name] of [
      [1, null, "Animalia"],
      [2, 1, "Cnidaria"],
      [3, 2, "Aegina"],
      [4, 1, "Nanomia"],
    ] as const) {
      await manager.query("INSERT INTO concepts (id, parent_id, last_updated_time) VALUES (?, ?, ?)", [
        id,
        parent,
        "2024-01-01 00:00:00.000000",
      ]);
      await manager.query(
        "INSERT INTO concept_names (concept_id, name, name_type, last_updated_time) VALUES (?, ?, 'primary', ?)",
        [id, name, "2024-01-01 00:00:00.000000"],
      );
    }
  });
  await kb.close();
  const annotation = await openAnnotationStorage(domainDatabaseTarget(undefined, site, "annotation"));
  const video = uuidV7();
  const images = [uuidV7(), uuidV7(), uuidV7()];
  const urls = [`${base}/images/a.png`, `${base}/images/b.png`, `${base}/missing/c.png`];
  const moments = [];
  for (const [index, image] of images.entries()) {
    const seeded = await seedMoment(annotation, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 1000 * (index + 1),
      recordedTimestamp: Instant.parse(`2024-05-0${index + 1}T10:00:00Z`),
      observations: [],
    });
    moments.push(seeded.imagedMomentUuid);
    await annotation.transaction((manager) =>
      manager.insert(
        ImageReferenceEntity,
        Object.assign(new ImageReferenceEntity(), {
          uuid: image,
          imagedMomentUuid: seeded.imagedMomentUuid,
          url: urls[index],
          description: null,
          format: "image/png",
          widthPixels: WIDTH,
          heightPixels: HEIGHT,
          lastUpdatedTime: Instant.now(),
        }),
      ),
    );
    await annotation.transaction((manager) =>
      manager.query(
        "INSERT INTO ancillary_data (uuid, imaged_moment_uuid, depth_meters, latitude, longitude, last_updated_timestamp) VALUES (?, ?, ?, ?, ?, ?)",
        [uuidV7(), seeded.imagedMomentUuid, 812.5, 36.7, -122.05, "2024-01-01 00:00:00.000000"],
      ),
    );
  }
  const on = (index: number) => ({ videoReferenceUuid: video, elapsedTimeMillis: 1000 * (index + 1) });
  await seedMoment(annotation, {
    ...on(0),
    observations: [
      {
        concept: "Aegina",
        observer: "brian",
        associations: [
          box({ x: 10, y: 20, width: 100, height: 50, image_reference_uuid: images[0], verifier: "kyle" }),
          box({ x: 600, y: 400, width: 100, height: 100, image_reference_uuid: images[0] }),
        ],
      },
    ],
  });
  await seedMoment(annotation, {
    ...on(1),
    observations: [
      {
        concept: "Aegina",
        associations: [box({ x: 0, y: 0, width: 64, height: 48, image_reference_uuid: images[1] })],
      },
      {
        concept: "Nanomia",
        associations: [box({ x: 5, y: 5, width: 10, height: 10, image_reference_uuid: images[1] })],
      },
    ],
  });
  await seedMoment(annotation, {
    ...on(2),
    observations: [
      {
        concept: "Aegina",
        associations: [box({ x: 1, y: 1, width: 2, height: 2, image_reference_uuid: images[2] })],
      },
    ],
  });
  await annotation.close();
}

function options(
  format: ExportOptions["format"],
  name: string,
  more: Partial<ExportOptions> = {},
): ExportOptions {
  return {
    format,
    out: join(folder, name),
    images: "full",
    concurrency: 4,
    annotationTarget: domainDatabaseTarget(undefined, site, "annotation"),
    kbTarget: domainDatabaseTarget(undefined, site, "kb"),
    registryTarget: domainDatabaseTarget(undefined, site, "registry"),
    ...more,
  };
}

interface Coco {
  info: object;
  images: { id: number; file_name: string; width: number; height: number }[];
  annotations: {
    id: number;
    image_id: number;
    category_id: number;
    bbox: number[];
    area: number;
    iscrowd: number;
  }[];
  categories: { id: number; name: string; supercategory: string }[];
}

test("COCO: required fields, unique ids, every reference resolves; the unreachable image is reported and its box left out", async (t) => {
  const summary = await exportBoxes(options("coco", "coco"));
  t.is(summary.boxes, 4);
  t.is(summary.imagesFetched, 2);
  t.is(summary.skippedCount, 1);
  t.regex(summary.skipped[0]?.reason ?? "", /HTTP 404/);
  const coco = JSON.parse(readFileSync(join(folder, "coco", "annotations.json"), "utf8")) as Coco;
  t.truthy(coco.info);
  const imageIds = new Set(coco.images.map((image) => image.id));
  const categoryIds = new Set(coco.categories.map((category) => category.id));
  t.is(imageIds.size, coco.images.length);
  t.is(new Set(coco.annotations.map((a) => a.id)).size, coco.annotations.length);
  for (const image of coco.images) {
    t.true(
      Number.isInteger(image.id) &&
        image.width === WIDTH &&
        image.height === HEIGHT &&
        image.file_name.endsWith(".png"),
    );
  }
  for (const annotation of coco.annotations) {
    t.true(imageIds.has(annotation.image_id) && categoryIds.has(annotation.category_id));
    t.is(annotation.bbox.length, 4);
    t.is(annotation.area, (annotation.bbox[2] as number) * (annotation.bbox[3] as number));
    t.is(annotation.iscrowd, 0);
  }
  t.deepEqual(
    coco.categories.map(({ name, supercategory }) => [name, supercategory]),
    [
      ["Aegina", "Cnidaria"],
      ["Nanomia", "Animalia"],
    ],
  );
  t.deepEqual(
    readdirSync(join(folder, "coco", "images")).sort(),
    coco.images.map((image) => image.file_name).sort(),
  );
  t.deepEqual(readdirSync(join(folder, "coco")).sort(), ["annotations.json", "images"]);
});

test("YOLO: a concept with its descendants (the kb's order, by name): images/, labels/ with normalised cx cy w h (clipped to the image), classes.txt and data.yaml", async (t) => {
  await exportBoxes(options("yolo", "yolo", { concept: "Cnidaria", descendants: true }));
  const out = join(folder, "yolo");
  t.deepEqual(readdirSync(out).sort(), ["classes.txt", "data.yaml", "images", "labels"]);
  t.deepEqual(readFileSync(join(out, "classes.txt"), "utf8"), "Aegina\nCnidaria\n");
  t.regex(readFileSync(join(out, "data.yaml"), "utf8"), /nc: 2\nnames: \["Aegina", "Cnidaria"\]/);
  const labels = readdirSync(join(out, "labels")).sort();
  t.deepEqual(
    labels,
    readdirSync(join(out, "images"))
      .map((name) => name.replace(/\.png$/, ".txt"))
      .sort(),
  );
  const lines = labels.flatMap((file) =>
    readFileSync(join(out, "labels", file), "utf8")
      .trim()
      .split("\n"),
  );
  t.is(lines.length, 3);
  for (const line of lines) {
    const [cls, ...values] = line.split(" ").map(Number);
    t.is(cls, 0);
    t.true(values.length === 4 && values.every((value) => value >= 0 && value <= 1));
  }
  t.true(
    lines.includes(
      `0 ${(60 / WIDTH).toFixed(6)} ${(45 / HEIGHT).toFixed(6)} ${(100 / WIDTH).toFixed(6)} ${(50 / HEIGHT).toFixed(6)}`,
    ),
  );
  // The box at (600, 400) of 100 x 100 is clipped to the image's last 40 x 80 pixels.
  t.true(
    lines.includes(
      `0 ${(620 / WIDTH).toFixed(6)} ${(440 / HEIGHT).toFixed(6)} ${(40 / WIDTH).toFixed(6)} ${(80 / HEIGHT).toFixed(6)}`,
    ),
  );
});

test("FathomNet: the script's header and a row per box with the image URL, the moment's time and data, the observer", async (t) => {
  const summary = await exportBoxes(options("fathomnet", "fathomnet", { images: "none", verified: true }));
  t.is(summary.boxes, 1);
  const [header, row, ...rest] = readFileSync(join(folder, "fathomnet", "fathomnet.csv"), "utf8")
    .trim()
    .split("\n");
  t.is(header, FATHOMNET_COLUMNS.join(","));
  t.is(
    header,
    "concept,url,x,y,width,height,timestamp,userdefinedkey,depth,pressure,latitude,longitude,observer,oxygen_ml_l,salinity,temperature",
  );
  t.deepEqual(rest, []);
  const cells = (row ?? "").split(",");
  t.is(cells.length, FATHOMNET_COLUMNS.length);
  t.deepEqual(cells.slice(0, 7), [
    "Aegina",
    `${base}/images/a.png`,
    "10",
    "20",
    "100",
    "50",
    "2024-05-01T10:00:00Z",
  ]);
  t.deepEqual(cells.slice(8, 13), ["812.5", "", "36.7", "-122.05", "brian"]);
});

test("crops: each box's crop under crops/<concept>/, cut from its image", async (t) => {
  const summary = await exportBoxes(options("coco", "crops", { images: "crops", concept: "Nanomia" }));
  t.is(summary.boxes, 1);
  const [crop] = readdirSync(join(folder, "crops", "crops", "Nanomia"));
  const metadata = await sharp(join(folder, "crops", "crops", "Nanomia", crop as string)).metadata();
  t.deepEqual([metadata.width, metadata.height], [10, 10]);
});

test("an unknown concept with --descendants is a clear error, and nothing is written", async (t) => {
  await t.throwsAsync(exportBoxes(options("coco", "unknown", { concept: "Nessie", descendants: true })), {
    message: 'the kb has no concept named "Nessie"',
  });
  t.false(existsSync(join(folder, "unknown")));
});
