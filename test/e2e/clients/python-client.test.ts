/**
 * Replays MBARI's Python client library against the whole m3 stack:
 *   mbari-org/vars-quickstart-public, etc/python/microservices.py (classes VampireSquid,
 *   Annosaurus, Oni, VarsKnowledgebase, Beholder, M3) and the scripts that drive it:
 *   etc/python/vars_register_media.py, vars_media_update_names.py, vars_create_annotations.py,
 *   vars_register_images.py, vars_add_recorded_timestamp.py, vars_generate_fathomnet_csv.py,
 *   vars_add_concept.py, vars_delete_concept.py.
 * The library uses `requests`: `data={...}` is a urlencoded form, `json=` is application/json,
 * `data=json.dumps(...)` is a JSON body whose Content-Type is whatever the caller set (often
 * nothing). Paths are built with str.format: some segments through quote(x, safe=''), most
 * left for requests to requote (spaces and non-ASCII escaped, `&` and `/` left alone).
 * Timestamps come from datetime.isoformat(): `+00:00` offsets and microseconds.
 */
import { pathToFileURL } from "node:url";
import test from "ava";
import { removeTestVideos, testVideos } from "../../support/capture/test-videos.js";
import {
  basicCredentials,
  type ClientPlatform,
  pythonForm,
  pythonQuote,
  requestsRequote,
  snakeToken,
  uniqueSuffix,
  untypedJson,
  useClientPlatforms,
} from "../../support/e2e/client-replay.js";
import { BACKENDS } from "../../support/e2e/test-platform.js";

let videoUrl = "";
const platform = useClientPlatforms(test, {
  env: async () => {
    const videos = await testVideos();
    videoUrl = pathToFileURL(videos.progressive).href;
    return { CAPTURE_FILE_ROOTS: videos.folder };
  },
});
test.after.always(removeTestVideos);

/** JWTAuthtication.authenticate: POST <base>/auth with `Authorization: APIKEY <secret>`. */
async function bearer(client: ClientPlatform, base: string): Promise<Record<string, string>> {
  const reply = await client.send("POST", `${base}/auth`, {
    headers: { Authorization: `APIKEY ${client.apiKey}` },
  });
  return { Authorization: `Bearer ${snakeToken(reply)}` };
}

/** VampireSquid.create_media with the keyword arguments vars_register_media.py passes. */
async function createMedia(client: ClientPlatform, sequence: string, suffix: string) {
  const headers = await bearer(client, "/vam/v1");
  const reply = await client.send("POST", "/vam/v1/media", {
    headers,
    body: pythonForm({
      video_sequence_name: sequence,
      video_name: `${sequence} ${suffix}`,
      camera_id: "Doc Ricketts",
      uri: `http://my.servername.org/media/${encodeURIComponent(sequence)}/D1234_${suffix}.mp4`,
      start_timestamp: "2019-02-01T12:00:00+00:00",
      duration_millis: 600000,
      width: 1920,
      height: 1080,
      size_bytes: 123456789,
      sha512: `${suffix}`.padEnd(128, "a"),
      frame_rate: 29.97,
    }),
  });
  return reply;
}

for (const backend of BACKENDS) {
  test(`${backend}: VampireSquid.create_media registers a form-encoded media and answers the snake_case media`, async (t) => {
    const client = platform(backend);
    const sequence = `Doc Ricketts ${uniqueSuffix()}`;
    const reply = await createMedia(client, sequence, "0001");
    t.is(reply.status, 200, reply.text);
    const media = reply.json as Record<string, unknown>;
    t.is(media.video_sequence_name, sequence);
    t.is(media.camera_id, "Doc Ricketts");
    t.is(media.start_timestamp, "2019-02-01T12:00:00Z");
    t.is(media.duration_millis, 600000);
    t.is(media.frame_rate, 29.97);
    t.is(typeof media.video_reference_uuid, "string");
  });

  test(`${backend}: VampireSquid lookups find the media by quoted uri, requoted sequence name, filename and video name`, async (t) => {
    const client = platform(backend);
    const sequence = `Doc Ricketts Ü ${uniqueSuffix()}`;
    const created = (await createMedia(client, sequence, "0002")).json as Record<string, string>;
    const byUri = await client.send("GET", `/vam/v1/media/uri/${pythonQuote(created.uri ?? "")}`);
    t.is(byUri.status, 200, byUri.text);
    t.is((byUri.json as Record<string, string>).video_reference_uuid, created.video_reference_uuid);

    const bySequence = await client.send("GET", requestsRequote(`/vam/v1/media/videosequence/${sequence}`));
    t.is(bySequence.status, 200, bySequence.text);
    const listed = bySequence.json as Record<string, unknown>[];
    t.is(listed.length, 1);
    t.like(listed[0], { video_reference_uuid: created.video_reference_uuid, duration_millis: 600000 });
    t.is(typeof listed[0]?.uri, "string");
    t.is(typeof listed[0]?.start_timestamp, "string");

    const filename = "D1234_0002.mp4";
    const byFilename = await client.send(
      "GET",
      `/vam/v1/media/videoreference/filename/${pythonQuote(filename)}`,
    );
    t.is(byFilename.status, 200, byFilename.text);
    t.like((byFilename.json as Record<string, unknown>[])[0], { camera_id: "Doc Ricketts" });

    const byVideo = await client.send("GET", requestsRequote(`/vam/v1/media/video/${sequence} 0002`));
    t.is(byVideo.status, 200, byVideo.text);
    t.is((byVideo.json as unknown[]).length, 1);

    const byUuid = await client.send("GET", `/vam/v1/media/videoreference/${created.video_reference_uuid}`);
    t.is((byUuid.json as Record<string, string>).video_sequence_name, sequence);

    const concurrent = await client.send("GET", `/vam/v1/media/concurrent/${created.video_reference_uuid}`);
    t.is(concurrent.status, 200);
    t.true(Array.isArray(concurrent.json));
  });

  test(`${backend}: VampireSquid reads the sequence names list and the sequence by its requoted name`, async (t) => {
    const client = platform(backend);
    const sequence = `Doc Ricketts ${uniqueSuffix()}`;
    await createMedia(client, sequence, "0003");
    const names = await client.send("GET", "/vam/v1/videosequences/names");
    t.true((names.json as string[]).includes(sequence));
    const found = await client.send("GET", requestsRequote(`/vam/v1/videosequences/name/${sequence}`));
    t.is(found.status, 200, found.text);
    t.is(typeof (found.json as Record<string, unknown>).uuid, "string");
  });

  test(`${backend}: VampireSquid form updates (checksum, move, start time, duration, whole media) answer JSON`, async (t) => {
    const client = platform(backend);
    const headers = await bearer(client, "/vam/v1");
    const sequence = `Doc Ricketts ${uniqueSuffix()}`;
    const created = (await createMedia(client, sequence, "0004")).json as Record<string, string>;
    const uuid = created.video_reference_uuid;

    const checksum = await client.send("PUT", `/vam/v1/videoreferences/${uuid}`, {
      headers,
      body: pythonForm({ sha512: "b".repeat(128) }),
    });
    t.is(checksum.status, 200, checksum.text);
    t.is((checksum.json as Record<string, string>).sha512, "b".repeat(128));

    const moved = await client.send("PUT", `/vam/v1/media/move/${uuid}`, {
      headers,
      body: pythonForm({
        start_timestamp: "2019-02-01T12:00:00.123456+00:00",
        duration_millis: 600000,
        video_name: `${sequence} moved`,
      }),
    });
    t.is(moved.status, 200, moved.text);
    t.like(moved.json, { video_name: `${sequence} moved`, start_timestamp: "2019-02-01T12:00:00.123456Z" });

    const started = await client.send("PUT", `/vam/v1/media/${uuid}`, {
      headers,
      body: pythonForm({
        start_timestamp: "2019-02-01T13:00:00+00:00",
        camera_id: "Doc Ricketts",
        video_name: `${sequence} moved`,
        video_sequence_name: sequence,
      }),
    });
    t.is(started.status, 200, started.text);
    t.is((started.json as Record<string, string>).start_timestamp, "2019-02-01T13:00:00Z");

    const duration = await client.send("PUT", `/vam/v1/media/${uuid}`, {
      headers,
      body: pythonForm({ duration_millis: 700000 }),
    });
    t.is(duration.status, 200, duration.text);
    t.is((duration.json as Record<string, number>).duration_millis, 700000);

    // vars_media_update_names.py: the media dict it read, renamed, sent back as a form.
    const renamed = await client.send("PUT", `/vam/v1/media/${uuid}`, {
      headers,
      body: pythonForm({
        camera_id: "Doc Ricketts",
        video_reference_uuid: uuid,
        video_sequence_name: `${sequence} renamed`,
        video_name: `${sequence} renamed 0004`,
        start_timestamp: "2019-02-01T13:00:00Z",
        duration_millis: 700000,
      }),
    });
    t.is(renamed.status, 200, renamed.text);
    t.like(renamed.json, {
      video_sequence_name: `${sequence} renamed`,
      video_name: `${sequence} renamed 0004`,
    });
  });

  test(`${backend}: M3.delete_empty_video_sequence deletes the reference, then the sequence, with bearer deletes`, async (t) => {
    const client = platform(backend);
    const headers = await bearer(client, "/vam/v1");
    const sequence = `Doc Ricketts ${uniqueSuffix()}`;
    const created = (await createMedia(client, sequence, "0005")).json as Record<string, string>;
    const count = await client.send(
      "GET",
      `/anno/v1/observations/videoreference/count/${created.video_reference_uuid}`,
    );
    t.is((count.json as Record<string, number>).count, 0);
    const info = await client.send(
      "GET",
      `/anno/v1/videoreferences/videoreference/${created.video_reference_uuid}`,
    );
    t.is(info.status, 404);
    const dropped = await client.send("DELETE", `/vam/v1/videoreferences/${created.video_reference_uuid}`, {
      headers,
    });
    t.true(dropped.status === 204 || dropped.status === 200, dropped.text);
    const left = await client.send("GET", requestsRequote(`/vam/v1/media/videosequence/${sequence}`));
    t.deepEqual(left.json, []);
    const found = (await client.send("GET", requestsRequote(`/vam/v1/videosequences/name/${sequence}`))).json;
    const gone = await client.send(
      "DELETE",
      `/vam/v1/videosequences/${(found as Record<string, string>).uuid}`,
      {
        headers,
      },
    );
    t.true(gone.status === 204 || gone.status === 200, gone.text);
  });

  test(`${backend}: Annosaurus form creates (annotation, image, association) feed the fast read the scripts use`, async (t) => {
    const client = platform(backend);
    const headers = await bearer(client, "/anno/v1");
    const media = (await createMedia(client, `Doc Ricketts ${uniqueSuffix()}`, "0006")).json as Record<
      string,
      string
    >;
    const vr = media.video_reference_uuid ?? "";
    const annotation = await client.send("POST", "/anno/v1/annotations", {
      headers,
      body: pythonForm({
        video_reference_uuid: vr,
        concept: "Pandalus platyceros",
        observer: "brian",
        recorded_timestamp: "2019-02-01T12:00:01.250000+00:00",
      }),
    });
    t.is(annotation.status, 200, annotation.text);
    const created = annotation.json as Record<string, string>;
    t.is(created.concept, "Pandalus platyceros");
    t.is(created.recorded_timestamp, "2019-02-01T12:00:01.250Z");
    t.is(typeof created.observation_uuid, "string");
    t.is(typeof created.imaged_moment_uuid, "string");

    const image = await client.send("POST", "/anno/v1/images", {
      headers,
      body: pythonForm({
        video_reference_uuid: vr,
        url: `http://my.servername.org/images/${uniqueSuffix()}.png`,
        description: "compressed",
        recorded_timestamp: "2019-02-01T12:00:01.250000+00:00",
      }),
    });
    t.is(image.status, 200, image.text);
    const imageJson = image.json as Record<string, string>;
    t.is(imageJson.imaged_moment_uuid, created.imaged_moment_uuid);

    const box = JSON.stringify({ x: 1, y: 2, width: 30, height: 40 });
    const association = await client.send("POST", "/anno/v1/associations", {
      headers,
      body: pythonForm({
        link_name: "bounding box",
        to_concept: "self",
        link_value: box,
        mime_type: "application/json",
        observation_uuid: created.observation_uuid,
      }),
    });
    t.is(association.status, 200, association.text);
    t.is((association.json as Record<string, string>).link_value, box);

    const fast = await client.send("GET", `/anno/v1/fast/videoreference/${vr}?data=true`);
    t.is(fast.status, 200, fast.text);
    const [row] = fast.json as Record<string, unknown>[];
    t.like(row, {
      concept: "Pandalus platyceros",
      observer: "brian",
      recorded_timestamp: "2019-02-01T12:00:01.250Z",
      imaged_moment_uuid: created.imaged_moment_uuid,
    });
    const images = row?.image_references as Record<string, string>[];
    t.true(images[0]?.url?.endsWith(".png"));
    const associations = row?.associations as Record<string, string>[];
    t.deepEqual(JSON.parse(associations[0]?.link_value ?? "{}"), { x: 1, y: 2, width: 30, height: 40 });
    t.is(typeof associations[0]?.uuid, "string");

    const moment = await client.send(
      "GET",
      `/anno/v1/imagedmoments/imagereference/${imageJson.image_reference_uuid}`,
    );
    t.is(moment.status, 200, moment.text);
    const listed = await client.send("GET", `/anno/v1/images/videoreference/${vr}`);
    t.is((listed.json as Record<string, string>[])[0]?.recorded_timestamp, "2019-02-01T12:00:01.250Z");
    const counts = await client.send("GET", "/anno/v1/observations/counts");
    t.true((counts.json as Record<string, unknown>[]).some((entry) => entry.video_reference_uuid === vr));
  });

  test(`${backend}: Annosaurus.create_annotations posts json= to /annotations/bulk and answers the list`, async (t) => {
    const client = platform(backend);
    const headers = await bearer(client, "/anno/v1");
    const media = (await createMedia(client, `Doc Ricketts ${uniqueSuffix()}`, "0007")).json as Record<
      string,
      string
    >;
    const reply = await client.send("POST", "/anno/v1/annotations/bulk", {
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify([
        {
          video_reference_uuid: media.video_reference_uuid,
          concept: "Bathochordaeus",
          observer: "kakani",
          elapsed_time_millis: 1000,
          associations: [{ link_name: "comment", to_concept: "self", link_value: "in a house" }],
        },
        {
          video_reference_uuid: media.video_reference_uuid,
          concept: "Nanomia bijuga",
          observer: "kakani",
          recorded_timestamp: "2019-02-01T12:00:02Z",
        },
      ]),
    });
    t.is(reply.status, 200, reply.text);
    const created = reply.json as Record<string, unknown>[];
    t.deepEqual(created.map((annotation) => annotation.concept).sort(), ["Bathochordaeus", "Nanomia bijuga"]);
    t.true(created.every((annotation) => typeof annotation.observation_uuid === "string"));
  });

  test(`${backend}: Annosaurus.update_recorded_timestamp and merge send json.dumps bodies with 'Content-type'`, async (t) => {
    const client = platform(backend);
    const headers = await bearer(client, "/anno/v1");
    const media = (await createMedia(client, `Doc Ricketts ${uniqueSuffix()}`, "0008")).json as Record<
      string,
      string
    >;
    const vr = media.video_reference_uuid ?? "";
    const annotation = (
      await client.send("POST", "/anno/v1/annotations", {
        headers,
        body: pythonForm({
          video_reference_uuid: vr,
          concept: "Aegina",
          observer: "lonny",
          elapsed_time_millis: 5000,
        }),
      })
    ).json as Record<string, string>;
    const tapetime = await client.send("PUT", "/anno/v1/index/tapetime", {
      headers: { ...headers, "Content-type": "application/json" },
      body: JSON.stringify([
        { uuid: annotation.imaged_moment_uuid, recorded_timestamp: "2019-02-01T12:00:05+00:00" },
      ]),
    });
    t.is(tapetime.status, 200, tapetime.text);
    t.is((tapetime.json as Record<string, string>[])[0]?.recorded_timestamp, "2019-02-01T12:00:05Z");

    const merged = await client.send("PUT", `/anno/v1/ancillarydata/merge/${vr}`, {
      headers: { ...headers, "Content-type": "application/json" },
      body: JSON.stringify([
        {
          recorded_timestamp: "2019-02-01T12:00:05Z",
          latitude: 36.7,
          longitude: -122.05,
          depth_meters: 1000.5,
          temperature_celsius: 4.1,
          salinity: 34.2,
          oxygen_ml_l: 0.5,
          pressure_dbar: 1010,
        },
      ]),
    });
    t.is(merged.status, 200, merged.text);
    t.true(Array.isArray(merged.json));

    const fast = await client.send("GET", `/anno/v1/fast/videoreference/${vr}?data=true`);
    const data = (fast.json as Record<string, Record<string, number>>[])[0]?.ancillary_data;
    t.like(data, { depth_meters: 1000.5, latitude: 36.7, longitude: -122.05, salinity: 34.2 });
  });

  test(`${backend}: Annosaurus deletes (observation, imaged moment, all of a video) answer with bearer tokens`, async (t) => {
    const client = platform(backend);
    const headers = await bearer(client, "/anno/v1");
    const media = (await createMedia(client, `Doc Ricketts ${uniqueSuffix()}`, "0009")).json as Record<
      string,
      string
    >;
    const vr = media.video_reference_uuid ?? "";
    const make = async (millis: number) =>
      (
        await client.send("POST", "/anno/v1/annotations", {
          headers,
          body: pythonForm({
            video_reference_uuid: vr,
            concept: "Aegina",
            observer: "x",
            elapsed_time_millis: millis,
          }),
        })
      ).json as Record<string, string>;
    const first = await make(1000);
    const second = await make(2000);
    await make(3000);
    const observation = await client.send("DELETE", `/anno/v1/observations/${first.observation_uuid}`, {
      headers,
    });
    t.is(observation.status, 204, observation.text);
    const moment = await client.send("DELETE", `/anno/v1/imagedmoments/${second.imaged_moment_uuid}`, {
      headers,
    });
    t.is(moment.status, 204, moment.text);
    const all = await client.send("DELETE", `/anno/v1/fast/videoreference/${vr}`, { headers });
    t.is(all.status, 200, all.text);
    t.is(typeof (all.json as Record<string, unknown>).video_reference_uuid, "string");
    const count = await client.send("GET", `/anno/v1/observations/videoreference/count/${vr}`);
    t.is((count.json as Record<string, number>).count, 0);
  });

  test(`${backend}: Oni.login reads access_token; taxa, add_concept (form) and delete_concept work with it`, async (t) => {
    const client = platform(backend);
    const login = await client.send("POST", "/kb/v1/auth/login", {
      headers: { Authorization: basicCredentials(client.admin.username, client.admin.password) },
    });
    const jwt = snakeToken(login);
    const headers = { Authorization: `Bearer ${jwt}` };
    const root = await client.send("GET", "/kb/v1/concept/query/root");
    const rootName = (root.json as Record<string, string> | undefined)?.name;
    let parent = rootName;
    if (!parent) {
      parent = "object";
      const made = await client.send("POST", "/kb/v1/concept", {
        headers,
        body: pythonForm({ name: parent }),
      });
      t.is(made.status, 200, made.text);
    }
    const taxa = await client.send("GET", requestsRequote(`/kb/v1/phylogeny/taxa/${parent}`));
    t.true((taxa.json as unknown[]).length >= 1);
    const name = `Pandalus platyceros ${uniqueSuffix()}`;
    const added = await client.send("POST", "/kb/v1/concept", {
      headers,
      body: pythonForm({ name, parentName: parent }),
    });
    t.is(added.status, 200, added.text);
    const down = await client.send("GET", requestsRequote(`/kb/v1/phylogeny/down/${parent}`));
    const children = ((down.json as Record<string, unknown>).children ?? []) as Record<string, unknown>[];
    t.true(children.some((child) => child.name === name));
    const childTaxa = await client.send("GET", requestsRequote(`/kb/v1/phylogeny/taxa/${name}`));
    t.is((childTaxa.json as unknown[]).length, 1);
    const deleted = await client.send("DELETE", requestsRequote(`/kb/v1/concept/${name}`), { headers });
    t.is(deleted.status, 200, deleted.text);
  });
}

test("Beholder.capture_to_file posts JSON with X-API-Key to <BEHOLDER_PUBLIC_URL>/capture and gets JPEG bytes", async (t) => {
  const client = platform("sqlite");
  // vars-quickstart sets BEHOLDER_PUBLIC_URL=${M3_SERVER_URL}/capture; the client appends /capture.
  const response = await fetch(`${client.baseUrl}/capture/capture`, {
    method: "POST",
    headers: { "X-API-Key": client.apiKey, "Content-Type": "application/json" },
    body: JSON.stringify({ videoUrl, elapsedTimeMillis: 1234 }),
  });
  t.is(response.status, 200, response.status === 200 ? "" : await response.clone().text());
  const bytes = Buffer.from(await response.arrayBuffer());
  t.is(bytes.subarray(0, 3).toString("hex"), "ffd8ff");
});

test("a JSON body sent with data=json.dumps and no Content-Type is read as JSON (annotations/bulk)", async (t) => {
  const client = platform("sqlite");
  const headers = await bearer(client, "/anno/v1");
  const media = (await createMedia(client, `Doc Ricketts ${uniqueSuffix()}`, "0010")).json as Record<
    string,
    string
  >;
  const reply = await client.send("POST", "/anno/v1/annotations/bulk", {
    headers,
    body: untypedJson([
      {
        video_reference_uuid: media.video_reference_uuid,
        concept: "Aegina",
        observer: "x",
        elapsed_time_millis: 1,
      },
    ]),
  });
  t.is(reply.status, 200, reply.text);
  t.is((reply.json as unknown[]).length, 1);
});
