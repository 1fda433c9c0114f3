/**
 * bench:routes' data set, loaded through the REST gateway (the real kb is imported on start):
 * 1,000 media (20 video sequences of 50 videos), 100,000 annotations over the first 50 of them
 * (2,000 each, every one with ancillary data, every 10th with an association, every 20th with
 * an image), one uploaded image and one kb media, history entry and alias. What it returns are
 * the values the routes' path parameters are filled with.
 */
import { createHash } from "node:crypto";
import { SeededRandom } from "../../../m3/datagen/seeded-random.js";
import type { SoakHttpClient } from "../harness/soak-http.js";

const SEQUENCES = 20;
const VIDEOS_PER_SEQUENCE = 50;
const ANNOTATED_VIDEOS = 50;
const ANNOTATIONS_PER_VIDEO = Number(process.env.BENCH_ANNOTATIONS_PER_VIDEO ?? 2_000);
const ANNOTATIONS_PER_REQUEST = 1_000;
/** Annotations edited after the load, for the `modified` routes: the first of as many batches. */
const EDITED = 20;
const VIDEO_MILLIS = 3_600_000;
const FIRST_START = Date.UTC(2024, 0, 1, 8);
const CAMERAS = ["Routes Cam A", "Routes Cam B"];
const LINKS = [
  { link_name: "eating", link_value: "nil" },
  { link_name: "surface-color", link_value: "red" },
  { link_name: "population-quantity", link_value: "12" },
];

/** Every value a GET route's path may need, by what it names. */
export interface RoutesSeed {
  kb: {
    concept: string;
    findPart: string;
    linkName: string;
    toConcept: string;
    mediaId: string;
    referenceId: string;
    linkTemplateId: string;
    linkRealizationId: string;
    historyId: string;
    user: string;
    role: string;
  };
  registry: {
    cameraId: string;
    sequenceName: string;
    sequenceUuid: string;
    videoName: string;
    videoUuid: string;
    videoReferenceUuid: string;
    uri: string;
    filename: string;
    sha512: string;
    /** An instant inside the media's video. */
    during: string;
    start: string;
    end: string;
  };
  annotation: {
    videoReferenceUuid: string;
    concept: string;
    observationUuid: string;
    imagedMomentUuid: string;
    associationUuid: string;
    imageReferenceUuid: string;
    ancillaryDataUuid: string;
    infoUuid: string;
    missionId: string;
    missionContact: string;
    imageUrl: string;
    imageName: string;
    linkName: string;
    linkValue: string;
    toConcept: string;
    /** A window holding the few annotations edited after the load (editAnnotations). */
    modifiedStart: string;
    modifiedEnd: string;
  };
  upload: { cameraId: string; deploymentId: string; name: string };
  counts: { media: number; annotations: number };
}

interface AnnotationReply {
  observation_uuid: string;
  imaged_moment_uuid: string;
  concept: string;
  associations: { uuid: string }[];
  image_references: { uuid: string; url: string }[];
  ancillary_data?: { uuid: string };
}

const iso = (millis: number) => new Date(millis).toISOString();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function serviceToken(http: SoakHttpClient, authPath: string, apiKey: string): Promise<string> {
  const reply = await http.json<{ access_token: string }>("POST", authPath, {
    headers: { authorization: `APIKEY ${apiKey}` },
  });
  return reply.access_token;
}

/** Runs `work` on every item, `parallel` at a time. */
async function eachInParallel<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

interface SeededMedia {
  video_sequence_uuid: string;
  video_uuid: string;
  video_reference_uuid: string;
  video_sequence_name: string;
  video_name: string;
  uri: string;
  sha512: string;
}

async function seedMedia(http: SoakHttpClient, token: string): Promise<SeededMedia[]> {
  const plans = Array.from({ length: SEQUENCES * VIDEOS_PER_SEQUENCE }, (_, index) => {
    const sequence = Math.floor(index / VIDEOS_PER_SEQUENCE);
    const video = index % VIDEOS_PER_SEQUENCE;
    const uri = `http://bench.example.org/routes/${sequence + 1}/${video + 1}.mp4`;
    return {
      index,
      body: {
        video_sequence_name: `Routes Dive ${sequence + 1}`,
        camera_id: CAMERAS[sequence % CAMERAS.length],
        video_name: `Routes Dive ${sequence + 1} video ${video + 1}`,
        uri,
        start_timestamp: iso(FIRST_START + index * VIDEO_MILLIS),
        duration_millis: VIDEO_MILLIS,
        container: "video/mp4",
        sha512: createHash("sha512").update(uri).digest("hex"),
      },
    };
  });
  const media: SeededMedia[] = new Array(plans.length);
  await eachInParallel(plans, 8, async ({ index, body }) => {
    media[index] = await http.json<SeededMedia>("POST", "/vam/v1/media", {
      headers: bearer(token),
      json: body,
    });
  });
  return media;
}

async function seedAnnotations(
  http: SoakHttpClient,
  token: string,
  media: readonly SeededMedia[],
  concepts: readonly string[],
): Promise<AnnotationReply[]> {
  const random = new SeededRandom(17);
  const batches: { video: number; items: unknown[] }[] = [];
  for (const [video, { video_reference_uuid }] of media.slice(0, ANNOTATED_VIDEOS).entries()) {
    const start = FIRST_START + video * VIDEO_MILLIS;
    for (let first = 0; first < ANNOTATIONS_PER_VIDEO; first += ANNOTATIONS_PER_REQUEST) {
      const items = [];
      for (let i = first; i < Math.min(ANNOTATIONS_PER_VIDEO, first + ANNOTATIONS_PER_REQUEST); i++) {
        const elapsed = Math.floor((i * VIDEO_MILLIS) / ANNOTATIONS_PER_VIDEO);
        items.push({
          video_reference_uuid,
          concept: random.pick(concepts),
          observer: "routes-bench",
          elapsed_time_millis: elapsed,
          recorded_timestamp: iso(start + elapsed),
          ancillary_data: {
            depth_meters: Math.round(random.between(50, 3_000) * 10) / 10,
            latitude: 36.7 + random.between(-0.05, 0.05),
            longitude: -122.0 + random.between(-0.05, 0.05),
            temperature_celsius: random.between(2, 12),
          },
          ...(i % 10 === 0
            ? { associations: [{ ...random.pick(LINKS), to_concept: random.pick(concepts) }] }
            : {}),
          ...(i % 20 === 0
            ? {
                image_references: [
                  {
                    url: `http://bench.example.org/images/${video_reference_uuid}-${i}.jpg`,
                    format: "image/jpeg",
                  },
                ],
              }
            : {}),
        });
      }
      batches.push({ video, items });
    }
  }
  // In batch order whichever batch ends first, so each run fills the routes with the same annotation.
  const firsts: AnnotationReply[] = new Array(batches.length);
  await eachInParallel(
    batches.map((batch, index) => ({ ...batch, index })),
    2,
    async ({ items, index }) => {
      const created = await http.json<AnnotationReply[]>("POST", "/anno/v1/annotations/bulk", {
        headers: bearer(token),
        json: items,
      });
      if (created.length !== items.length)
        throw new Error(`seeding: ${created.length} of ${items.length} created`);
      firsts[index] = created[0] as AnnotationReply;
    },
  );
  return firsts;
}

/**
 * Edits the activity of some annotations after the rest is loaded, and returns the instant
 * before the edits: the window from it is what a client polling for changes asks of the
 * `modified` routes (a window over every annotation would count and sort the whole data set).
 */
async function editAnnotations(
  http: SoakHttpClient,
  token: string,
  annotations: readonly AnnotationReply[],
): Promise<number> {
  const before = Date.now();
  await http.json("PUT", "/anno/v1/annotations/bulk", {
    headers: bearer(token),
    json: annotations.map((annotation) => ({
      observation_uuid: annotation.observation_uuid,
      activity: "routes-bench edit",
    })),
  });
  return before;
}

async function seedKb(
  http: SoakHttpClient,
  token: string,
  kbUser: string,
  concept: string,
): Promise<RoutesSeed["kb"]> {
  const headers = bearer(token);
  const media = await http.json<{ id: number }>("POST", "/kb/v1/media", {
    headers,
    json: { conceptName: concept, url: `http://bench.example.org/kb/${concept}.jpg`, caption: "bench" },
  });
  await http.json("POST", "/kb/v1/names", {
    headers,
    json: { name: concept, newName: `${concept} routes-bench`, nameType: "synonym" },
  });
  const reference = await http.json<{ id: number }>("POST", "/kb/v1/references", {
    headers,
    json: { citation: `Routes bench (2026) on ${concept}`, doi: "10.1000/routes-bench" },
  });
  await http.send("PUT", `/kb/v1/references/add/${reference.id}/to/${encodeURIComponent(concept)}`, {
    headers,
  });
  await http.json("POST", "/kb/v1/prefs", {
    headers,
    json: { name: "/routes-bench", key: "color", value: "blue" },
  });
  const history = await http.json<{ id: number }[]>(
    "GET",
    `/kb/v1/history/concept/${encodeURIComponent(concept)}`,
  );
  const links = await http.json<{ linkName: string; toConcept: string }[]>("GET", `/kb/v1/links/${concept}`);
  const link = { concept, linkName: "routes-bench-link", toConcept: "self", linkValue: "bench" };
  const realization = await http.json<{ id: number }>("POST", "/kb/v1/linkrealizations", {
    headers,
    json: link,
  });
  const template = await http.json<{ id: number }>("POST", "/kb/v1/linktemplates", { headers, json: link });
  return {
    concept,
    findPart: "sebastes",
    linkName: links[0]?.linkName ?? "eating",
    toConcept: links[0]?.toConcept ?? "self",
    mediaId: String(media.id),
    referenceId: String(reference.id),
    linkTemplateId: String(template.id),
    linkRealizationId: String(realization.id),
    historyId: String(history[0]?.id),
    user: kbUser,
    role: "Admin",
  };
}

export async function seedRoutes(options: {
  http: SoakHttpClient;
  apiKey: string;
  kbToken: string;
  /** The kb user the token is of. */
  kbUser: string;
  /** Primary names of kb concepts the annotations name. */
  concepts: readonly string[];
  /** A JPEG to upload. */
  image: Buffer;
}): Promise<RoutesSeed> {
  const { http, apiKey } = options;
  const registryToken = await serviceToken(http, "/vam/v1/auth", apiKey);
  const annotationToken = await serviceToken(http, "/anno/v1/auth", apiKey);
  const uploadToken = await serviceToken(http, "/panoptes/v1/auth", apiKey);
  const media = await seedMedia(http, registryToken);
  const target = media[0] as SeededMedia;
  const infos = await Promise.all(
    media.slice(0, ANNOTATED_VIDEOS).map((item, index) =>
      http.json<{ uuid: string }>("POST", "/anno/v1/videoreferences", {
        headers: bearer(annotationToken),
        json: {
          video_reference_uuid: item.video_reference_uuid,
          platform_name: "Routes ROV",
          mission_id: `Routes ${Math.floor(index / VIDEOS_PER_SEQUENCE) + 1}`,
          mission_contact: "routes-bench",
        },
      }),
    ),
  );
  const annotations = await seedAnnotations(http, annotationToken, media, options.concepts);
  const editedAfter = await editAnnotations(http, annotationToken, annotations.slice(0, EDITED));
  const annotation = annotations.find((a) => a.image_references.length > 0 && a.associations.length > 0);
  if (!annotation?.ancillary_data) throw new Error("seeding: no annotation with an image and an association");
  const image = annotation.image_references[0] as { uuid: string; url: string };
  const association = await http.json<{ link_name: string; link_value: string; to_concept: string }>(
    "GET",
    `/anno/v1/associations/${annotation.associations[0]?.uuid}`,
  );
  const upload = { cameraId: "routes-cam", deploymentId: "routes-dive-1", name: "routes-bench.jpg" };
  await http.send("POST", `/panoptes/v1/images/${upload.cameraId}/${upload.deploymentId}/${upload.name}`, {
    headers: bearer(uploadToken),
    file: { field: "file", fileName: upload.name, contentType: "image/jpeg", bytes: options.image },
  });
  return {
    kb: await seedKb(http, options.kbToken, options.kbUser, options.concepts[0] as string),
    registry: {
      cameraId: CAMERAS[0] as string,
      sequenceName: target.video_sequence_name,
      sequenceUuid: target.video_sequence_uuid,
      videoName: target.video_name,
      videoUuid: target.video_uuid,
      videoReferenceUuid: target.video_reference_uuid,
      uri: target.uri,
      filename: target.uri.split("/").pop() as string,
      sha512: target.sha512,
      during: iso(FIRST_START + VIDEO_MILLIS / 2),
      start: iso(FIRST_START),
      end: iso(FIRST_START + 10 * VIDEO_MILLIS),
    },
    annotation: {
      videoReferenceUuid: target.video_reference_uuid,
      concept: annotation.concept,
      observationUuid: annotation.observation_uuid,
      imagedMomentUuid: annotation.imaged_moment_uuid,
      associationUuid: annotation.associations[0]?.uuid as string,
      imageReferenceUuid: image.uuid,
      ancillaryDataUuid: annotation.ancillary_data.uuid,
      infoUuid: (infos[0] as { uuid: string }).uuid,
      missionId: "Routes 1",
      missionContact: "routes-bench",
      imageUrl: image.url,
      imageName: image.url.split("/").pop() as string,
      linkName: association.link_name,
      linkValue: association.link_value,
      toConcept: association.to_concept,
      modifiedStart: iso(editedAfter),
      modifiedEnd: iso(editedAfter + 86_400_000),
    },
    upload,
    counts: { media: media.length, annotations: ANNOTATED_VIDEOS * ANNOTATIONS_PER_VIDEO },
  };
}
