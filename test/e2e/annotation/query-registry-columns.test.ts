import test from "ava";
import type { HttpClient } from "../../support/e2e/http-client.js";
import { createMedia, type MediaRecord, unique } from "../../support/e2e/registry-fixtures.js";
import { BACKENDS, startTestPlatform, usePlatforms } from "../../support/e2e/test-platform.js";
import { createTestDatabase } from "../../support/mariadb.js";

const platform = usePlatforms(test);

interface ColumnJson {
  columnName: string;
  unavailableReason?: string;
}

/** A registered video with one annotation on it. */
async function annotatedMedia(http: HttpClient): Promise<{ media: MediaRecord; concept: string }> {
  const media = await createMedia(http, { start_timestamp: "2021-03-04T05:06:07Z" });
  const concept = unique("Nanomia");
  const created = await http.post("/anno/v1/annotations", {
    json: {
      video_reference_uuid: media.video_reference_uuid,
      concept,
      observer: "ann",
      elapsed_time_millis: 1000,
    },
  });
  if (created.status !== 200) throw new Error(`annotation: ${created.status} ${created.text}`);
  return { media, concept };
}

const REGISTRY_SELECT = [
  "concept",
  "video_sequence_name",
  "video_uri",
  "video_start_timestamp",
  "camera_id",
  "video_name",
];

for (const backend of BACKENDS) {
  test(`${backend}: npm start's query view fills the registry columns from the registry's own database`, async (t) => {
    const { http } = platform(backend);
    const { media, concept } = await annotatedMedia(http);
    const reply = await http.post("/anno/v1/query/run", {
      auth: false,
      json: { select: REGISTRY_SELECT, where: [{ column: "concept", equals: concept }] },
    });
    t.is(reply.status, 200, reply.text);
    t.is(
      reply.text,
      `${REGISTRY_SELECT.join("\t")}\n` +
        `${concept}\t${media.video_sequence_name}\t${media.uri}\t2021-03-04T05:06:07Z\t${media.camera_id}\t${media.video_name}\n`,
    );
    const byCamera = await http.post("/anno/v1/query/count", {
      auth: false,
      json: { where: [{ column: "camera_id", equals: media.camera_id }] },
    });
    t.deepEqual(byCamera.json, { count: 1 });
    const columns = (await http.get("/anno/v1/query/columns")).json as ColumnJson[];
    t.true(columns.every((column) => column.unavailableReason === undefined));
  });
}

test("with the registry on another database server, the registry columns are null and marked unavailable", async (t) => {
  const split = await startTestPlatform("sqlite", {
    M3_REGISTRY_DATABASE_URL: await createTestDatabase("m3_e2e_registry"),
  });
  try {
    const { media, concept } = await annotatedMedia(split.http);
    const reply = await split.http.post("/anno/v1/query/run", {
      auth: false,
      json: { select: REGISTRY_SELECT, where: [{ column: "concept", equals: concept }] },
    });
    t.is(reply.status, 200, reply.text);
    t.is(reply.text.split("\n")[1], `${concept}\tnull\tnull\tnull\tnull\tnull`);
    t.truthy(media.video_reference_uuid);
    const columns = (await split.http.get("/anno/v1/query/columns")).json as ColumnJson[];
    const camera = columns.find((column) => column.columnName === "camera_id");
    t.regex(camera?.unavailableReason ?? "", /registry/);
    const concepts = columns.find((column) => column.columnName === "concept");
    t.deepEqual(Object.keys(concepts ?? {}).sort(), [
      "columnClassName",
      "columnLabel",
      "columnName",
      "columnSize",
      "columnType",
    ]);
  } finally {
    await split.stop();
  }
});
