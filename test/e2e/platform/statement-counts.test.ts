import test from "ava";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createMedia, mediaForm } from "../../support/e2e/registry-fixtures.js";
import { startTestPlatform, type TestPlatform } from "../../support/e2e/test-platform.js";
import { countStatements } from "../../support/statement-counter.js";

/**
 * The SQL statements each hot read sends on MariaDB. A count that grows is a read that got
 * slower (a lookup split in two, a query per child): change the table only on purpose.
 * `{field}` in a path is filled from the media or the annotation created for the test.
 */
const HOT_READS: ReadonlyArray<[path: string, statements: number]> = [
  ["/vam/v1/media/videoreference/{video_reference_uuid}", 1],
  ["/vam/v1/media/uri/{uri}", 1],
  ["/vam/v1/media/videosequence/{video_sequence_name}", 1],
  ["/vam/v1/videosequences/{video_sequence_uuid}", 1],
  ["/vam/v1/videosequences/name/{video_sequence_name}", 1],
  ["/vam/v1/videosequences/names", 1],
  ["/vam/v1/videosequences/videoreference/{video_reference_uuid}", 1],
  ["/vam/v1/videosequences/camera/{camera_id}", 1],
  ["/vam/v1/videosequences/camera/{camera_id}/{start_timestamp}", 1],
  ["/vam/v1/videos/{video_uuid}", 1],
  ["/vam/v1/videos/videosequence/{video_sequence_uuid}", 1],
  ["/vam/v1/videos/videosequence/name/{video_sequence_name}", 1],
  ["/vam/v1/videoreferences/{video_reference_uuid}", 1],
  ["/kb/v1/concept/Nanomia", 1],
  ["/kb/v1/phylogeny/up/Nanomia", 1],
  ["/kb/v1/phylogeny/basic/Nanomia", 1],
  ["/kb/v1/concept/find/sebastes", 1],
  ["/kb/v1/links/Nanomia", 1],
  ["/anno/v1/annotations/{observation_uuid}", 2],
  ["/anno/v1/annotations/association/{association_uuid}", 2],
  ["/anno/v1/annotations/imagereference/{image_reference_uuid}", 2],
  ["/anno/v1/annotations/videoreference/{video_reference_uuid}", 2],
  ["/anno/v1/annotations/videoreference/{video_reference_uuid}?limit=10&offset=0", 2],
  ["/anno/v1/imagedmoments/{imaged_moment_uuid}", 2],
  ["/anno/v1/imagedmoments/observation/{observation_uuid}", 2],
  ["/anno/v1/imagedmoments/videoreference/{video_reference_uuid}", 2],
  ["/anno/v1/ancillarydata/videoreference/{video_reference_uuid}", 1],
];

let platform: TestPlatform | undefined;
let fields: Record<string, string> | undefined;
const counter = countStatements();

test.before(async () => {
  platform = await startTestPlatform("mariadb", {}, { importKb: true });
  const media = await createMedia(platform.http);
  const annotation = await platform.http.post("/anno/v1/annotations", {
    json: {
      video_reference_uuid: media.video_reference_uuid,
      concept: "Nanomia",
      observer: "counter",
      elapsed_time_millis: 1000,
    },
  });
  const { observation_uuid, imaged_moment_uuid } = annotation.json as {
    observation_uuid: string;
    imaged_moment_uuid: string;
  };
  const association = await platform.http.post("/anno/v1/associations", {
    json: { observation_uuid, link_name: "eating", to_concept: "Aegina", link_value: "nil" },
  });
  const datum = await platform.http.post("/anno/v1/ancillarydata", {
    json: { imaged_moment_uuid, latitude: 36.7, depth_meters: 25.3 },
  });
  if (datum.status !== 200) throw new Error(`ancillary data: ${datum.status} ${datum.text}`);
  const image = await platform.http.post("/anno/v1/images", {
    json: {
      video_reference_uuid: media.video_reference_uuid,
      url: `${media.uri}.png`,
      elapsed_time_millis: 1000,
    },
  });
  fields = {
    ...(media as unknown as Record<string, string>),
    observation_uuid,
    imaged_moment_uuid,
    association_uuid: (association.json as { uuid: string }).uuid,
    image_reference_uuid: (image.json as { image_reference_uuid: string }).image_reference_uuid,
  };
});

test.after.always(async () => {
  counter.stop();
  await platform?.stop();
  await stopPrivateMariaDb();
});

for (const [route, expected] of HOT_READS) {
  test.serial(`GET ${route} sends ${expected} statement${expected === 1 ? "" : "s"}`, async (t) => {
    if (!platform || !fields) throw new Error("the platform did not start");
    const http = platform.http;
    const values = fields;
    const path = route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ""));
    // The first request warms caches (prepared statements, the kb's tree); a background
    // statement of another domain may fall into one run, so the fewer of two counts.
    t.is((await http.request("GET", path)).status, 200);
    const runs = [];
    for (let run = 0; run < 2; run++) {
      runs.push(await counter.during(async () => t.is((await http.request("GET", path)).status, 200)));
    }
    const fewest = runs.reduce((a, b) => (b.length < a.length ? b : a));
    t.is(fewest.length, expected, fewest.join("\n---\n"));
  });
}

/**
 * A new media's sequence, video and reference in one transaction: one look-up of the URI, the
 * video's name and the sequence's name together, the three inserts, and no read-back.
 */
const NEW_MEDIA_STATEMENTS = ["START TRANSACTION", "SELECT", "INSERT", "INSERT", "INSERT", "COMMIT"];

test.serial(
  `POST /vam/v1/media of a new media sends ${NEW_MEDIA_STATEMENTS.length} statements`,
  async (t) => {
    if (!platform) throw new Error("the platform did not start");
    const http = platform.http;
    await createMedia(http);
    const runs = [];
    for (let run = 0; run < 2; run++) {
      runs.push(
        await counter.during(async () =>
          t.is((await http.post("/vam/v1/media", { form: mediaForm() })).status, 200),
        ),
      );
    }
    const fewest = runs.reduce((a, b) => (b.length < a.length ? b : a));
    t.deepEqual(
      fewest.map((sql) =>
        sql
          .trim()
          .split(/\s+/, 2)
          .join(" ")
          .replace(/^(SELECT|INSERT) .*/, "$1"),
      ),
      NEW_MEDIA_STATEMENTS,
      fewest.join("\n---\n"),
    );
  },
);
