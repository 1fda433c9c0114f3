import test from "ava";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import { createTestDatabase } from "../../../tools/dev/fixtures/mariadb.js";
import { createMedia, type MediaRecord, unique } from "../../support/e2e/registry-fixtures.js";
import { BACKENDS, startTestPlatform, usePlatforms } from "../../support/e2e/test-platform.js";

const platform = usePlatforms(test, BACKENDS);

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

for (const backend of BACKENDS) {
  test(`${backend}: the view has the SQL Server and MBARI deployment columns, and count ignores the select list`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    const concept = unique("Aegina");
    const created = await http.post("/anno/v1/annotations/bulk", {
      json: [
        {
          video_reference_uuid: media.video_reference_uuid,
          concept,
          observer: "ann",
          elapsed_time_millis: 2000,
          associations: [{ link_name: "surface-color", to_concept: "self", link_value: "red" }],
        },
      ],
    });
    t.is(created.status, 200, created.text);
    const select = [
      "association_uuid",
      "association",
      "video_container",
      "video_codec",
      "audio_codec",
      "video_width",
      "video_height",
      "frame_rate",
      "video_size_bytes",
      "video_sha512",
      "video_duration_millis",
      "video_reference_description",
      "video_description",
      "video_sequence_description",
    ];
    const reply = await http.post("/anno/v1/query/run", {
      auth: false,
      json: { select, where: [{ column: "concept", equals: concept }] },
    });
    t.is(reply.status, 200, reply.text);
    const [header, row] = reply.text.split("\n");
    t.is(header, select.join("\t"));
    const values = (row ?? "").split("\t");
    t.regex(values[0] ?? "", /^[0-9a-f-]{36}$/);
    t.deepEqual(values.slice(1), [
      "surface-color | self | red",
      "video/mp4",
      "h264",
      "aac",
      "1920",
      "1080",
      "29.97",
      "64185148974",
      String(media.sha512),
      "600000",
      "reference",
      "video",
      "sequence",
    ]);
    const count = await http.post("/anno/v1/query/count", {
      auth: false,
      json: {
        select: ["concept", "a_column_only_another_deployment_has"],
        distinct: true,
        where: [{ column: "concept", equals: concept }],
      },
    });
    t.is(count.status, 200, count.text);
    t.deepEqual(count.json, { count: 1 });
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
