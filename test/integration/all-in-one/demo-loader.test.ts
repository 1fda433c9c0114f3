import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { pino } from "pino";
import { placeRoutes } from "../../../gateway/src/routes/placement.js";
import { DemoLoaderService } from "../../../tools/m3/all-in-one/demo/demo-loader.service.js";
import { DEMO_USERS } from "../../../tools/m3/all-in-one/demo/demo-plan.js";
import { loadDemoUsers } from "../../../tools/m3/all-in-one/demo/demo-users.loader.js";
import { PlatformClient } from "../../../tools/m3/all-in-one/demo/platform-client.js";
import { allInOneDomains } from "../../../tools/m3/all-in-one/domains.js";
import { DEFAULT_KB_DUMP, readKbDump } from "../../../tools/m3/kb-import/kb-import.js";
import { startTestPlatform, type TestPlatform } from "../../support/e2e/test-platform.js";

const ADMIN = { username: "admin", password: "loader-admin-1" };
const videos = mkdtempSync(join(tmpdir(), "m3-demo-loader-"));
let platform: TestPlatform;

test.before(async () => {
  platform = await startTestPlatform(
    "sqlite",
    { M3_ADMIN_USER: ADMIN.username, M3_ADMIN_PASSWORD: ADMIN.password, CAPTURE_FILE_ROOTS: videos },
    { importKb: true },
  );
});
test.after.always(async () => {
  await platform?.stop();
  rmSync(videos, { recursive: true, force: true });
});

function loader(): DemoLoaderService {
  const routes = allInOneDomains.map(({ routes }) => placeRoutes(routes, {}));
  return new DemoLoaderService({
    client: new PlatformClient(platform.http.baseUrl, routes, () => platform.apiKey),
    readDump: () => readKbDump(DEFAULT_KB_DUMP),
    admin: ADMIN,
    capture: { apiKey: platform.apiKey, folder: videos, ffmpegPath: "ffmpeg" },
    logger: pino({ level: "silent" }),
  });
}

test("on a platform with data of its own the demo adds only its absent dives and users, and a second run nothing", async (t) => {
  const { http } = platform;
  // Someone's own dive happens to carry a demo dive's name.
  const own = await http.post("/vam/v1/media", {
    json: {
      video_sequence_name: "Demo MiniROV 0237",
      camera_id: "MiniROV",
      video_name: "M0237 own",
      uri: "http://example.org/own.mp4",
      start_timestamp: "2022-06-08T18:15:00Z",
    },
  });
  t.is(own.status, 200);

  const first = await loader().load();
  t.is(first.clip.status, "generated");
  t.like(first.users, { status: "checked", present: [] });
  t.deepEqual(
    first.dives.map((dive) => [dive.name, dive.status]),
    [
      ["Demo Ventana 4101", "loaded"],
      ["Demo Doc Ricketts 1502", "loaded"],
      ["Demo MiniROV 0237", "skipped"],
    ],
  );
  t.like(first.dives[0], { annotations: 130, images: 6 });
  const ownMedia = (await http.get("/vam/v1/media/videosequence/Demo%20MiniROV%200237")).json as {
    uri: string;
    video_reference_uuid: string;
  }[];
  t.deepEqual(
    ownMedia.map(({ uri }) => uri),
    ["http://example.org/own.mp4"],
  );
  const ownCount = await http.get(
    `/anno/v1/observations/videoreference/count/${ownMedia[0]?.video_reference_uuid}`,
  );
  t.like(ownCount.json, { count: 0 });

  const second = await loader().load();
  t.is(second.clip.status, "present");
  t.like(second.users, {
    status: "checked",
    created: [],
    present: DEMO_USERS.map(({ username }) => username),
  });
  t.deepEqual(
    second.dives.map((dive) => [dive.name, dive.status]),
    [
      ["Demo Ventana 4101", "present"],
      ["Demo Doc Ricketts 1502", "present"],
      ["Demo MiniROV 0237", "skipped"],
    ],
  );
});

test("without the administrator's password the demo users are skipped with the reason", async (t) => {
  const routes = allInOneDomains.map(({ routes }) => placeRoutes(routes, {}));
  const client = new PlatformClient(platform.http.baseUrl, routes, () => platform.apiKey);
  const result = await loadDemoUsers(client, { username: ADMIN.username, password: "wrong" });
  t.is(result.status, "skipped");
  t.regex(
    result.status === "skipped" ? result.reason : "",
    /the kb administrator admin could not log in: .*401/,
  );
});
