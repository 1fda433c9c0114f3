import test from "ava";
import type {
  QueryConstraint,
  QueryRequest,
} from "../../../proto/gen/m3/annotation/v1/tabular_query_service.js";
import { AnnotationsViewSource } from "../../../services/annotation/query/repositories/annotations-view.source.js";
import { TabularQueryRepository } from "../../../services/annotation/query/repositories/tabular-query.repository.js";
import { TabularQueryService } from "../../../services/annotation/query/services/tabular-query.service.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import {
  BACKENDS,
  type Backend,
  closeAnnotationTestStorages,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";
import { DATASET, seedQueryDataset } from "../../support/annotation/query-dataset.js";

test.after.always(closeAnnotationTestStorages);

const seeded = new Map<Backend, Promise<DomainStorage>>();

/** One seeded database per backend, shared by the read-only tests. */
function storageFor(backend: Backend): Promise<DomainStorage> {
  let storage = seeded.get(backend);
  if (!storage) {
    storage = openAnnotationTestStorage(backend).then(async (opened) => {
      await seedQueryDataset(opened);
      return opened;
    });
    seeded.set(backend, storage);
  }
  return storage;
}

async function serviceFor(backend: Backend): Promise<TabularQueryService> {
  const storage = await storageFor(backend);
  return new TabularQueryService(
    new TabularQueryRepository(storage, new AnnotationsViewSource(storage, undefined)),
  );
}

function where(column: string, operator: Partial<QueryConstraint>): QueryConstraint {
  return { column, between: [], in: [], minmax: [], ...operator };
}

function query(fields: Partial<QueryRequest>): QueryRequest {
  return { select: [], where: [], orderBy: [], ...fields };
}

async function text(chunks: AsyncIterable<Buffer>): Promise<string> {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all).toString("utf8");
}

const signal = () => new AbortController().signal;

for (const backend of BACKENDS) {
  test(`${backend}: run prints distinct concepts under a header`, async (t) => {
    const service = await serviceFor(backend);
    t.is(
      await text(service.run(query({ select: ["concept"], distinct: true }), signal())),
      "concept\nAurelia\nNanomia\nPyrosoma\n",
    );
  });

  test(`${backend}: run prints typed values and null; download prints empty nulls`, async (t) => {
    const service = await serviceFor(backend);
    const request = query({
      select: ["concept", "depth_meters", "index_recorded_timestamp", "image_width", "dive_number"],
      where: [where("observer", { equals: "bob" })],
      orderBy: ["concept"],
    });
    t.is(
      await text(service.run(request, signal())),
      "concept\tdepth_meters\tindex_recorded_timestamp\timage_width\tdive_number\n" +
        "Aurelia\t120.0\t2020-01-02T12:00:00.123456Z\tnull\tD100\n" +
        "Pyrosoma\t10.5\t2020-01-01T00:00:00Z\t1920\tD100\n",
    );
    const file = await text(service.download(request, signal()));
    t.is(file.split("\n")[1], "Aurelia\t120.0\t2020-01-02T12:00:00.123456Z\t\tD100");
  });

  test(`${backend}: no matching row gives a lone newline on run and the header on download`, async (t) => {
    const service = await serviceFor(backend);
    const request = query({ select: ["concept"], where: [where("concept", { equals: "Nothing" })] });
    t.is(await text(service.run(request, signal())), "\n");
    t.is(await text(service.download(request, signal())), "concept\n");
  });

  const counts: Array<[string, QueryConstraint[], number]> = [
    ["isnull false", [where("link_name", { isnull: false })], 3],
    ["isnull true", [where("link_name", { isnull: true })], 2],
    [
      "between instants",
      [where("index_recorded_timestamp", { between: ["2020-01-01T00:00:00Z", "2020-12-31T00:00:00Z"] })],
      4,
    ],
    ["contains with wildcard characters taken literally", [where("link_value", { contains: "%_" })], 1],
    ["like", [where("concept", { like: "Aur%" })], 3],
    ["notlike", [where("concept", { notlike: "Aur%" })], 2],
    ["like on a number, matched as its text", [where("depth_meters", { like: "10.%" })], 3],
    [
      "like on a timestamp, matched as its text with six digits of microseconds",
      [where("index_recorded_timestamp", { like: "2020-01-0_ __:00:00.%" })],
      4,
    ],
    ["in", [where("concept", { in: ["Pyrosoma", "Nanomia"] })], 2],
    ["in with one value", [where("observer", { in: ["alice"] })], 3],
    ["max and min", [where("depth_meters", { max: 120 }), where("depth_meters", { min: 100 })], 1],
    [
      "minmax and in",
      [where("depth_meters", { minmax: [0, 50] }), where("concept", { in: ["Aurelia", "Nanomia"] })],
      2,
    ],
    ["equals on a uuid column", [where("video_reference_uuid", { equals: DATASET.video2 })], 1],
    [
      "video information",
      [where("camera_platform", { equals: "Ventana" }), where("concept", { equals: "Aurelia" })],
      3,
    ],
    ["a value that tries SQL", [where("concept", { equals: "x' OR '1'='1" })], 0],
    ["equals on a number column", [where("depth_meters", { equals: "120" })], 1],
    ["in on a number column", [where("depth_meters", { in: ["10.5", "120"] })], 4],
    [
      "equals on a timestamp, to the microsecond",
      [where("index_recorded_timestamp", { equals: "2020-01-02T12:00:00.123456Z" })],
      1,
    ],
  ];
  for (const [name, constraints, expected] of counts) {
    test(`${backend}: count with ${name}`, async (t) => {
      const service = await serviceFor(backend);
      t.is(await service.count(query({ where: constraints })), expected);
    });
  }

  test(`${backend}: concurrent observations widen to every row of the matching imaged moments`, async (t) => {
    const service = await serviceFor(backend);
    const request = query({
      select: ["concept"],
      where: [where("concept", { equals: "Pyrosoma" })],
      concurrentObservations: true,
    });
    const lines = (await text(service.run(request, signal()))).trim().split("\n");
    t.is(lines[0], "observation_uuid\tindex_recorded_timestamp\tconcept");
    t.deepEqual(
      lines
        .slice(1)
        .map((line) => line.split("\t")[2])
        .sort(),
      ["Aurelia", "Aurelia", "Pyrosoma"],
    );
  });

  test(`${backend}: related associations widen to every row of the matching observations`, async (t) => {
    const service = await serviceFor(backend);
    const request = query({
      select: ["link_name"],
      where: [where("link_name", { equals: "eating" })],
      relatedAssociations: true,
      orderBy: ["link_name"],
    });
    const lines = (await text(service.run(request, signal()))).trim().split("\n").slice(1);
    t.deepEqual(
      lines.map((line) => line.split("\t")[2]),
      ["color", "eating"],
    );
    t.true(lines.every((line) => line.startsWith(DATASET.observations[0])));
  });

  test(`${backend}: limit and offset page the ordered rows`, async (t) => {
    const service = await serviceFor(backend);
    const page = (limit: number | undefined, offset: number | undefined) =>
      text(service.run(query({ select: ["observation_uuid"], distinct: true, limit, offset }), signal()));
    t.is(await page(2, 1), `observation_uuid\n${DATASET.observations[1]}\n${DATASET.observations[2]}\n`);
    t.is(await page(undefined, 3), `observation_uuid\n${DATASET.observations[3]}\n`);
  });

  test(`${backend}: the video columns are null without the registry`, async (t) => {
    const service = await serviceFor(backend);
    const request = query({
      select: ["video_reference_uuid", "video_name"],
      distinct: true,
      orderBy: ["video_reference_uuid"],
    });
    t.is(
      await text(service.run(request, signal())),
      `video_reference_uuid\tvideo_name\n${DATASET.video1}\tnull\n${DATASET.video2}\tnull\n`,
    );
  });
}
