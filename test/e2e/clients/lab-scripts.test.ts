/**
 * Replays tools labs wrote against the services (vars-gridview's session set-up and listing are
 * in vars-gridview.test.ts):
 *   mbari-org/vars-gridview src/vars_gridview/lib/m3/clients.py (`Authorization: BEARER <jwt>`
 *     on a requests session, forms for associations and observations, json= for the tabular query,
 *     unquoted names such as /phylogeny/taxa/organism part);
 *   mbari-org/aidata tests/producer_sim.py (GET /vam/v1/media/videoreference/filename/<name>);
 *   kevinsbarnard/m3-download lib/m3_requests.py and config.ini (GET <anno>/fast/concept/images/
 *     <concept> unquoted, GET <kb>/phylogeny/down//<concept> with the doubled slash its config
 *     builds, GET <anno>/imagedmoments/<uuid lowercased>), then the images' own URLs.
 */
import test from "ava";
import {
  basicCredentials,
  pythonForm,
  requestsRequote,
  snakeToken,
  uniqueSuffix,
  useClientPlatforms,
} from "../../support/e2e/client-replay.js";
import { BACKENDS } from "../../support/e2e/test-platform.js";

const platform = useClientPlatforms(test);

for (const backend of BACKENDS) {
  test(`${backend}: vars-gridview: BEARER-session forms create and change associations and observations`, async (t) => {
    const client = platform(backend);
    const anno = snakeToken(
      await client.send("POST", "/anno/v1/auth", { headers: { Authorization: `APIKEY ${client.apiKey}` } }),
    );
    const headers = { Authorization: `BEARER ${anno}` };
    const vr = crypto.randomUUID();
    const observation = await client.send("POST", "/anno/v1/annotations", {
      headers,
      body: pythonForm({
        video_reference_uuid: vr,
        concept: "Aegina",
        observer: "gridview",
        elapsed_time_millis: 1500,
      }),
    });
    t.is(observation.status, 200, observation.text);
    const uuid = (observation.json as { observation_uuid: string }).observation_uuid;
    const box = JSON.stringify({
      x: 10,
      y: 20,
      width: 30,
      height: 40,
      image_reference_uuid: crypto.randomUUID(),
    });
    const association = await client.send("POST", "/anno/v1/associations", {
      headers,
      body: pythonForm({
        observation_uuid: uuid,
        link_name: "bounding box",
        to_concept: "self",
        link_value: box,
        mime_type: "application/json",
      }),
    });
    t.is(association.status, 200, association.text);
    const associationUuid = (association.json as { uuid: string }).uuid;
    const moved = await client.send("PUT", `/anno/v1/associations/${associationUuid}`, {
      headers,
      body: pythonForm({ link_value: box.replace("10", "11") }),
    });
    t.is(moved.status, 200, moved.text);
    const renamed = await client.send("PUT", `/anno/v1/observations/${uuid}`, {
      headers,
      body: pythonForm({ concept: "Aegina citrea", observer: "gridview" }),
    });
    t.is(renamed.status, 200, renamed.text);
    t.is((renamed.json as { concept: string }).concept, "Aegina citrea");
    const query = await client.send("POST", "/anno/v1/query/run", {
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({
        select: ["observation_uuid", "concept"],
        where: [{ column: "observation_uuid", in: [uuid] }],
      }),
    });
    t.is(query.status, 200, query.text);
    t.true(query.text.includes("Aegina citrea"));
    t.is((await client.send("DELETE", `/anno/v1/associations/${associationUuid}`, { headers })).status, 204);
  });

  test(`${backend}: vars-gridview: kb reads with unquoted names (requests requotes the space)`, async (t) => {
    const client = platform(backend);
    const kb = snakeToken(
      await client.send("POST", "/kb/v1/auth/login", {
        headers: { Authorization: basicCredentials(client.admin.username, client.admin.password) },
      }),
    );
    const headers = { Authorization: `Bearer ${kb}`, "Content-Type": "application/json" };
    const root = await client.send("GET", "/kb/v1/concept/query/root");
    if (root.status !== 200)
      await client.send("POST", "/kb/v1/concept", { headers, body: JSON.stringify({ name: "object" }) });
    const rootName = ((await client.send("GET", "/kb/v1/concept/query/root")).json as { name: string }).name;
    const part = `organism part ${uniqueSuffix()}`;
    await client.send("POST", "/kb/v1/concept", {
      headers,
      body: JSON.stringify({ name: part, parentName: rootName }),
    });
    const taxa = await client.send("GET", requestsRequote(`/kb/v1/phylogeny/taxa/${part}`));
    t.is(taxa.status, 200, taxa.text);
    t.is((taxa.json as { name: string }[])[0]?.name, part);
    const concept = await client.send("GET", requestsRequote(`/kb/v1/concept/${part}`));
    t.is((concept.json as { name: string }).name, part);
    t.true(((await client.send("GET", "/kb/v1/concept")).json as string[]).includes(part));
  });

  // The gridview lists users through "vars-user-server" without a token; the compatibility
  // policy makes user listings need one, so m3 answers 401 JSON (deliberate, reported).
  test(`${backend}: vars-gridview: the tokenless user listing is refused with 401 JSON (deliberate)`, async (t) => {
    const reply = await platform(backend).send("GET", "/kb/v1/users");
    t.is(reply.status, 401);
    t.is((reply.json as { responseCode: number }).responseCode, 401);
  });

  test(`${backend}: m3-download: a concept's observations with images, its descendants through the doubled slash, their moments`, async (t) => {
    const client = platform(backend);
    const kb = snakeToken(
      await client.send("POST", "/kb/v1/auth/login", {
        headers: { Authorization: basicCredentials(client.admin.username, client.admin.password) },
      }),
    );
    const kbHeaders = { Authorization: `Bearer ${kb}`, "Content-Type": "application/json" };
    const root = await client.send("GET", "/kb/v1/concept/query/root");
    if (root.status !== 200)
      await client.send("POST", "/kb/v1/concept", {
        headers: kbHeaders,
        body: JSON.stringify({ name: "object" }),
      });
    const rootName = ((await client.send("GET", "/kb/v1/concept/query/root")).json as { name: string }).name;
    const genus = `Sebastes ${uniqueSuffix()}`;
    const species = `${genus} rufus`;
    await client.send("POST", "/kb/v1/concept", {
      headers: kbHeaders,
      body: JSON.stringify({ name: genus, parentName: rootName }),
    });
    await client.send("POST", "/kb/v1/concept", {
      headers: kbHeaders,
      body: JSON.stringify({ name: species, parentName: genus }),
    });
    const anno = snakeToken(
      await client.send("POST", "/anno/v1/auth", { headers: { Authorization: `APIKEY ${client.apiKey}` } }),
    );
    const headers = { Authorization: `Bearer ${anno}` };
    const vr = crypto.randomUUID();
    const imageUrl = `https://images.example.org/${uniqueSuffix()}.png`;
    await client.send("POST", "/anno/v1/images", {
      headers,
      body: pythonForm({ video_reference_uuid: vr, url: imageUrl, elapsed_time_millis: 2000 }),
    });
    await client.send("POST", "/anno/v1/annotations", {
      headers,
      body: pythonForm({
        video_reference_uuid: vr,
        concept: species,
        observer: "m3-download",
        elapsed_time_millis: 2000,
      }),
    });
    const down = await client.send("GET", requestsRequote(`/kb/v1/phylogeny/down//${genus}`));
    t.is(down.status, 200, down.text);
    t.deepEqual(
      (down.json as { children?: { name: string }[] }).children?.map((child) => child.name),
      [species],
    );
    const observations = await client.send("GET", requestsRequote(`/anno/v1/fast/concept/images/${species}`));
    t.is(observations.status, 200, observations.text);
    const [observation] = observations.json as {
      imaged_moment_uuid: string;
      image_references: { url: string }[];
    }[];
    t.deepEqual(
      observation?.image_references.map((image) => image.url),
      [imageUrl],
    );
    const moment = await client.send(
      "GET",
      `/anno/v1/imagedmoments/${observation?.imaged_moment_uuid.toLowerCase()}`,
    );
    t.is(moment.status, 200, moment.text);
    t.is((moment.json as { video_reference_uuid: string }).video_reference_uuid, vr);
  });

  test(`${backend}: aidata: media by an unquoted filename answers a list with video_reference_uuid`, async (t) => {
    const client = platform(backend);
    const vam = snakeToken(
      await client.send("POST", "/vam/v1/auth", { headers: { Authorization: `APIKEY ${client.apiKey}` } }),
    );
    const name = `i2MAP_${uniqueSuffix()}.mp4`;
    await client.send("POST", "/vam/v1/media", {
      headers: { Authorization: `Bearer ${vam}` },
      body: pythonForm({
        video_sequence_name: "i2MAP",
        camera_id: "i2MAP",
        video_name: name,
        uri: `https://video.example.org/i2map/${name}`,
        start_timestamp: "2023-01-01T00:00:00Z",
      }),
    });
    const reply = await client.send("GET", requestsRequote(`/vam/v1/media/videoreference/filename/${name}`));
    t.is(reply.status, 200, reply.text);
    t.is(typeof (reply.json as { video_reference_uuid: string }[])[0]?.video_reference_uuid, "string");
  });
}
