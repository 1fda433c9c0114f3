/**
 * Replays vars-localize (mbari-org/vars-localize, the desktop tool that draws boxes on frame
 * grabs) against the whole stack, as its code sends each request:
 *   src/vars_localize/services/M3Service.py: GET <config>/health (check_connection); configure():
 *     POST <config>/auth with Basic credentials, reads `accessToken`, GET <config>/endpoints with
 *     `Bearer`, keeps the entries by `name` and needs "annosaurus", "oni" and "vampire-squid";
 *   src/vars_localize/services/clients.py: one requests.Session shared by the three clients;
 *     AnnosaurusClient.authenticate POSTs <annosaurus>/auth with `APIKEY <secret>` and sets
 *     `Authorization: BEARER <access_token>` on that session, so the oni and vampire-squid reads
 *     carry the annotation token too; paths are the endpoint's `url` + a relative path, concept
 *     names unquoted (requests requotes them), sequence names through quote(safe="");
 *     forms (`data=`) for observations and boxes, `params={"data": True}` sent as `data=True`;
 *   src/vars_localize/ui/AppWindow.py: after configure(), GET <oni>/users (with that session's
 *     annotation token) to find the observer's role; a failure there ends the login;
 *   src/vars_localize/services/http.py: every answer must be 2xx (raise_for_status).
 */
import test from "ava";
import {
  basicCredentials,
  type ClientPlatform,
  pythonForm,
  pythonQuote,
  requestsRequote,
  snakeToken,
  uniqueSuffix,
  useClientPlatforms,
} from "../../support/e2e/client-replay.js";
import { BACKENDS } from "../../support/e2e/test-platform.js";

const platform = useClientPlatforms(test);

/** A python requests.Session: headers set on it go with every request; raise_for_status on each answer. */
class RequestsSession {
  readonly headers: Record<string, string> = {};

  constructor(private readonly client: ClientPlatform) {}

  async request(
    method: string,
    url: string,
    init: { headers?: Record<string, string>; data?: Record<string, string | number>; params?: string } = {},
  ) {
    const { pathname } = new URL(requestsRequote(url));
    const path = `${pathname}${init.params ? `?${init.params}` : ""}`;
    const reply = await this.client.send(method, path, {
      headers: { ...this.headers, ...init.headers },
      ...(init.data ? { body: pythonForm(init.data) } : {}),
    });
    if (reply.status >= 400) throw new Error(`${method} ${path}: ${reply.status} ${reply.text}`);
    return reply;
  }
}

interface Endpoint {
  name: string;
  url: string;
  secret: string | null;
}

/** M3Service.configure: the endpoints by name, and the shared session authenticated at annosaurus. */
async function configure(client: ClientPlatform, session: RequestsSession) {
  const config = `${client.baseUrl}/config`;
  await session.request("get", `${config}/health`);
  const auth = await session.request("post", `${config}/auth`, {
    headers: { Authorization: basicCredentials(client.admin.username, client.admin.password) },
  });
  const token = (auth.json as { accessToken: string }).accessToken;
  const listed = await session.request("get", `${config}/endpoints`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const endpoints = new Map((listed.json as Endpoint[]).map((endpoint) => [endpoint.name, endpoint]));
  const required = (name: string) => {
    const endpoint = endpoints.get(name);
    if (!endpoint) throw new Error(`No endpoint named ${name}`);
    return endpoint;
  };
  const anno = required("annosaurus");
  const oni = required("oni").url.replace(/\/$/, "");
  const vam = required("vampire-squid").url.replace(/\/$/, "");
  const annoUrl = anno.url.replace(/\/$/, "");
  const annoAuth = await session.request("post", `${annoUrl}/auth`, {
    headers: { Authorization: `APIKEY ${anno.secret}` },
  });
  session.headers.Authorization = `BEARER ${snakeToken(annoAuth)}`;
  return { anno: annoUrl, oni, vam };
}

/**
 * What other tools put there before a localizer opens it: a concept tree with "organism part",
 * a registered video and a frame grab with an observation of the concept.
 */
async function siteWithAFrameGrab(client: ClientPlatform) {
  const kbAuth = {
    Authorization: `Bearer ${snakeToken(
      await client.send("POST", "/kb/v1/auth/login", {
        headers: { Authorization: basicCredentials(client.admin.username, client.admin.password) },
      }),
    )}`,
    "Content-Type": "application/json",
  };
  const root = await client.send("GET", "/kb/v1/concept/query/root");
  const rootName =
    root.status === 200
      ? (root.json as { name: string }).name
      : (
          (
            await client.send("POST", "/kb/v1/concept", {
              headers: kbAuth,
              body: JSON.stringify({ name: "object" }),
            })
          ).json as { name: string }
        ).name;
  const concept = `Aegina citrea ${uniqueSuffix()}`;
  const otherConcept = `Aegina rosea ${uniqueSuffix()}`;
  for (const name of [concept, otherConcept, "organism part"]) {
    await client.send("POST", "/kb/v1/concept", {
      headers: kbAuth,
      body: JSON.stringify({ name, parentName: rootName }),
    });
  }
  const apiKey = { Authorization: `APIKEY ${client.apiKey}` };
  const vamAuth = {
    Authorization: `Bearer ${snakeToken(await client.send("POST", "/vam/v1/auth", { headers: apiKey }))}`,
  };
  const sequence = `Doc Ricketts 1234/${uniqueSuffix()}`;
  const media = await client.send("POST", "/vam/v1/media", {
    headers: vamAuth,
    body: pythonForm({
      video_sequence_name: sequence,
      camera_id: "Doc Ricketts",
      video_name: `${sequence} video`,
      uri: `https://video.example.org/${uniqueSuffix()}.mp4`,
      start_timestamp: "2024-05-01T10:00:00Z",
      duration_millis: 600_000,
    }),
  });
  const videoReferenceUuid = (media.json as { video_reference_uuid: string }).video_reference_uuid;
  const annoAuth = {
    Authorization: `Bearer ${snakeToken(await client.send("POST", "/anno/v1/auth", { headers: apiKey }))}`,
  };
  const image = await client.send("POST", "/anno/v1/images", {
    headers: annoAuth,
    body: pythonForm({
      video_reference_uuid: videoReferenceUuid,
      url: `https://images.example.org/${uniqueSuffix()}.png`,
      elapsed_time_millis: 61_000,
      width_pixels: 1920,
      height_pixels: 1080,
    }),
  });
  await client.send("POST", "/anno/v1/annotations", {
    headers: annoAuth,
    body: pythonForm({
      video_reference_uuid: videoReferenceUuid,
      concept,
      observer: "annotator",
      elapsed_time_millis: 61_000,
    }),
  });
  const { image_reference_uuid: imageReferenceUuid } = image.json as { image_reference_uuid: string };
  return { concept, otherConcept, sequence, videoReferenceUuid, imageReferenceUuid };
}

for (const backend of BACKENDS) {
  test(`${backend}: vars-localize logs in, finds a frame grab by concept, draws, moves, relabels and deletes a box`, async (t) => {
    const client = platform(backend);
    const site = await siteWithAFrameGrab(client);
    const session = new RequestsSession(client);
    const { anno, oni, vam } = await configure(client, session);

    // AppWindow's login, right after configure(): the users, to find the observer's role.
    const users = (await session.request("get", `${oni}/users`)).json as { username: string; role: string }[];
    t.is(users.find((user) => user.username === client.admin.username)?.role, "Admin");

    // The look-ups the search panel, the concept bar and the video panel make.
    t.true(((await session.request("get", `${oni}/concept`)).json as string[]).includes(site.concept));
    const parts = (await session.request("get", `${oni}/phylogeny/taxa/organism part`)).json as {
      name: string;
    }[];
    t.is(parts[0]?.name, "organism part");
    t.is(
      ((await session.request("get", `${oni}/concept/${site.concept}`)).json as { name: string }).name,
      site.concept,
    );
    t.true(
      ((await session.request("get", `${vam}/videosequences/names`)).json as string[]).includes(
        site.sequence,
      ),
    );
    const sequenceMedia = (
      await session.request("get", `${vam}/media/videosequence/${pythonQuote(site.sequence)}`)
    ).json as { video_reference_uuid: string }[];
    t.deepEqual(
      sequenceMedia.map((media) => media.video_reference_uuid),
      [site.videoReferenceUuid],
    );
    const media = (await session.request("get", `${vam}/media/videoreference/${site.videoReferenceUuid}`))
      .json;
    t.is((media as { video_sequence_name: string }).video_sequence_name, site.sequence);
    await session.request("get", `${vam}/videos/videoreference/${site.videoReferenceUuid}`);
    await session.request("get", `${vam}/videoreferences/${site.videoReferenceUuid}`);

    const moments = (
      await session.request("get", `${anno}/fast/imagedmoments/concept/images/${site.concept}`)
    ).json as string[];
    const [momentUuid] = moments;
    t.is(moments.length, 1);
    const moment = (await session.request("get", `${anno}/imagedmoments/${momentUuid}`)).json as {
      elapsed_time_millis: number;
      image_references: { uuid: string; url: string }[];
    };
    t.deepEqual(
      moment.image_references.map((image) => image.uuid),
      [site.imageReferenceUuid],
    );
    const byImage = (
      await session.request("get", `${anno}/annotations/imagereference/${site.imageReferenceUuid}`)
    ).json as { concept: string }[];
    t.deepEqual(
      byImage.map((annotation) => annotation.concept),
      [site.concept],
    );

    // A new localization on that frame: an observation, its box, moved, relabelled, then removed.
    const created = (
      await session.request("post", `${anno}/annotations`, {
        data: {
          video_reference_uuid: site.videoReferenceUuid,
          concept: site.concept,
          observer: client.admin.username,
          activity: "localize",
          group: "ROV:training-set",
          elapsed_time_millis: moment.elapsed_time_millis,
        },
      })
    ).json as { observation_uuid: string; imaged_moment_uuid: string; activity: string; group: string };
    t.is(created.imaged_moment_uuid, momentUuid ?? "");
    t.like(created, { activity: "localize", group: "ROV:training-set" });
    const box = { x: 100, y: 200, width: 300, height: 150, image_reference_uuid: site.imageReferenceUuid };
    const boxFields = (value: object) => ({
      observation_uuid: created.observation_uuid,
      link_name: "bounding box",
      link_value: JSON.stringify(value),
      mime_type: "application/json",
    });
    // ImageView draws a new box as SourceBoundingBox(..., part="self") and sends to_concept=box.part.
    const drawn = (
      await session.request("post", `${anno}/associations`, {
        data: { ...boxFields(box), to_concept: "self" },
      })
    ).json as {
      uuid: string;
      link_value: string;
    };
    t.deepEqual(JSON.parse(drawn.link_value), box);
    // A moved box (to_concept=box.part or "self"), then its part set in the properties dialog.
    const moved = (
      await session.request("put", `${anno}/associations/${drawn.uuid}`, {
        data: { ...boxFields({ ...box, x: 120 }), to_concept: "self" },
      })
    ).json as { link_value: string; to_concept: string };
    t.is((JSON.parse(moved.link_value) as { x: number }).x, 120);
    t.is(moved.to_concept, "self");
    const parted = (
      await session.request("put", `${anno}/associations/${drawn.uuid}`, {
        data: { ...boxFields({ ...box, x: 120 }), to_concept: parts[0]?.name ?? "" },
      })
    ).json as { to_concept: string };
    t.is(parted.to_concept, "organism part");
    const renamed = (
      await session.request("put", `${anno}/annotations/${created.observation_uuid}`, {
        data: { concept: site.otherConcept, observer: client.admin.username },
      })
    ).json as { concept: string };
    t.is(renamed.concept, site.otherConcept);
    const listed = (
      await session.request("get", `${anno}/fast/videoreference/${site.videoReferenceUuid}`, {
        params: "data=True",
      })
    ).json as { observation_uuid: string; associations: { uuid: string }[] }[];
    const mine = listed.find((annotation) => annotation.observation_uuid === created.observation_uuid);
    t.deepEqual(
      mine?.associations.map((association) => association.uuid),
      [drawn.uuid],
    );
    const inVideo = (
      await session.request("get", `${anno}/imagedmoments/videoreference/${site.videoReferenceUuid}`)
    ).json as { observations: { uuid: string }[] }[];
    t.true(inVideo.some((each) => each.observations.some((o) => o.uuid === created.observation_uuid)));
    await session.request("delete", `${anno}/associations/${drawn.uuid}`);
    await session.request("delete", `${anno}/observations/${created.observation_uuid}`);
    const after = (await session.request("get", `${anno}/imagedmoments/${momentUuid}`)).json as {
      observations: { uuid: string }[];
    };
    t.false(after.observations.some((observation) => observation.uuid === created.observation_uuid));
  });
}
