/**
 * The order of a video's lists does not depend on the engine nor on the order rows were
 * written in: data written out of their order on one engine, then backed up and restored on
 * another, list in the same order before and after.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import test, { type ExecutionContext } from "ava";
import { compareText } from "../../../services/kit/sql/text-order.js";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import { backupPlatform } from "../../../tools/m3/backup/backup.js";
import { readPlatformSettings } from "../../../tools/m3/backup/backup-settings.js";
import { restorePlatform } from "../../../tools/m3/backup/restore.js";
import { createImage, type ImageJson } from "../../support/annotation/moments-fixtures.js";
import { type PlatformData as Data, useRestorablePlatforms } from "../../support/e2e/restorable-platforms.js";

interface DatumJson {
  uuid: string;
  imaged_moment_uuid: string;
}

/** What the lists answer, reduced to the keys that show their order. */
interface Lists {
  ancillaryData: string[];
  images: string[];
}

const MOMENTS = 30;
const MOMENTS_PER_DATUM = 6;
const { folder, emptyData, start, stop } = useRestorablePlatforms(test, "order");

const settingsOf = (data: Data) => readPlatformSettings({ ...data.env, M3_DATA_DIR: data.dataDir });

/**
 * Moments created later but recorded earlier (so time order is not UUID order), two images
 * each, and the data of a few of them written in the reverse of their moments' UUID order under
 * datum UUIDs that ascend as they are written: the data's key and insertion orders are both the
 * reverse of the list's, and so few that an engine may read them first. Returns the lists'
 * expected keys.
 */
async function writeOutOfOrder(http: HttpClient, video: string): Promise<Lists> {
  const images: ImageJson[] = [];
  for (let i = 0; i < MOMENTS; i++) {
    const recorded_timestamp = new Date(Date.UTC(2024, 0, 1, MOMENTS - i)).toISOString();
    const first = await createImage(http, { video_reference_uuid: video, recorded_timestamp });
    const second = await createImage(http, {
      video_reference_uuid: video,
      recorded_timestamp,
      url: `http://images.example.org/${randomUUID()}/image_0.png`,
    });
    images.push(first, second);
  }
  const moments = [...new Set(images.map((image) => image.imaged_moment_uuid))].sort(compareText);
  const withData = moments.filter((_, i) => i % MOMENTS_PER_DATUM === 0);
  const datumUuids = withData.map(() => randomUUID()).sort(compareText);
  for (const [i, moment] of [...withData].reverse().entries()) {
    const reply = await http.post("/anno/v1/ancillarydata", {
      json: { uuid: datumUuids[i], imaged_moment_uuid: moment, depth_meters: i },
    });
    if (reply.status !== 200) throw new Error(`create datum: ${reply.status} ${reply.text}`);
  }
  const byMomentThenUrl = (a: ImageJson, b: ImageJson) =>
    compareText(a.imaged_moment_uuid, b.imaged_moment_uuid) || compareText(a.url, b.url);
  return { ancillaryData: withData, images: images.sort(byMomentThenUrl).map((image) => image.url) };
}

async function readLists(http: HttpClient, video: string): Promise<Lists> {
  const data = (await http.get(`/anno/v1/ancillarydata/videoreference/${video}`)).json as DatumJson[];
  const images = (await http.get(`/anno/v1/images/videoreference/${video}`)).json as ImageJson[];
  return {
    ancillaryData: data.map((datum) => datum.imaged_moment_uuid),
    images: images.map((image) => image.url),
  };
}

function assertOrder(t: ExecutionContext, lists: Lists, expected: Lists, where: string): void {
  t.deepEqual(lists.ancillaryData, expected.ancillaryData, `ancillary data ${where}`);
  t.deepEqual(lists.images, expected.images, `images ${where}`);
}

/** Each engine written on once and restored into once. */
for (const [from, to] of [
  ["sqlite", "mariadb"],
  ["mariadb", "postgres"],
  ["postgres", "sqlite"],
] as const) {
  test.serial(
    `${from}, then restored on ${to}: a video's ancillary data list by moment UUID, its images by moment UUID then URL, whatever order they were written in`,
    async (t) => {
      const source = await emptyData(from);
      const platform = await start(from, source);
      const video = randomUUID();
      const expected = await writeOutOfOrder(platform.http, video);
      assertOrder(t, await readLists(platform.http, video), expected, `on ${from}`);
      const archive = join(folder("m3-order-archive-"), "order.jsonl.gz");
      await backupPlatform({ settings: settingsOf(source), output: { kind: "file", path: archive } });
      await stop(platform);

      const target = await emptyData(to);
      await restorePlatform({ settings: settingsOf(target), input: { kind: "file", path: archive } });
      const restored = await start(to, target);
      assertOrder(t, await readLists(restored.http, video), expected, `restored on ${to}`);
      await stop(restored);
    },
  );
}
