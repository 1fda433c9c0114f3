/**
 * Fills a running platform through its REST API with a bit of everything a backup must carry:
 * kb concepts, names, media, links, references, history, users and preferences; registry media;
 * annotations with associations, images and ancillary data; and an image in the upload store.
 * Values are picked to test a round trip: microsecond timestamps, integers beyond 2^32,
 * booleans, nulls, Unicode and JSON-ish text.
 */
import { randomUUID } from "node:crypto";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import { loginAs } from "./kb-people.js";
import { createMedia, type MediaRecord, unique } from "./registry-fixtures.js";

export interface FilledPlatform {
  concept: string;
  synonym: string;
  users: string[];
  prefNode: string;
  media: MediaRecord[];
  /** Video reference uuids with annotations. */
  annotated: string[];
  image: { cameraId: string; deploymentId: string; name: string };
}

/** Shared by the platforms of a test, so one's image URLs resolve on the other. */
export const IMAGE_PUBLIC_URL = "http://images.example.org/m3";
const REAL_CONCEPTS = ["Nanomia bijuga", "Aegina", "Bathochordaeus"];

async function ok(reply: Promise<{ status: number; text: string; json: unknown }>, what: string) {
  const answer = await reply;
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${answer.text}`);
  return answer.json;
}

export async function fillPlatform(
  http: HttpClient,
  admin: { username: string; password: string },
): Promise<FilledPlatform> {
  const adminAuth = await loginAs(http, admin.username, admin.password);
  const kb = await fillKb(http, adminAuth);
  const media = [
    await createMedia(http, { start_timestamp: "2021-06-01T12:34:56.789012Z", size_bytes: 64185148974 }),
    await createMedia(http, { description: "Tiefsee – ROV «Ventana» 🐙", frame_rate: "59.94" }),
  ];
  const annotated = [media[0]?.video_reference_uuid ?? "", media[1]?.video_reference_uuid ?? ""];
  for (const [index, uuid] of annotated.entries()) await annotate(http, uuid, index, kb.concept);
  const image = await uploadImage(http);
  return { ...kb, media, annotated, image };
}

async function fillKb(http: HttpClient, adminAuth: string) {
  const users: string[] = [];
  for (const [role, extra] of [
    ["Maint", { firstName: "Zoë", lastName: "Ñúñez", email: "zoe@example.org", affiliation: "MBARI" }],
    ["ReadOnly", {}],
  ] as const) {
    const username = unique(role.toLowerCase());
    await ok(
      http.post("/kb/v1/users", {
        auth: adminAuth,
        json: { username, password: `pw-${username}`, role, ...extra },
      }),
      "POST /kb/v1/users",
    );
    users.push(username);
  }
  const maintAuth = await loginAs(http, users[0] as string, `pw-${users[0]}`);
  const concept = unique("Nanomia backupii");
  await ok(
    http.post("/kb/v1/concept", {
      auth: adminAuth,
      json: {
        name: concept,
        parentName: "Nanomia",
        rankName: "species",
        author: "Ünal, 2024",
        aphiaId: 5_000_000_123,
      },
    }),
    "POST /kb/v1/concept",
  );
  const synonym = unique("syn");
  // By a maintainer: the change waits in the history for an administrator.
  await ok(
    http.post("/kb/v1/names", {
      auth: maintAuth,
      json: { name: concept, newName: synonym, nameType: "synonym" },
    }),
    "POST /kb/v1/names",
  );
  await ok(
    http.post("/kb/v1/media", {
      auth: adminAuth,
      json: { conceptName: concept, url: "https://x.org/nanomia 1.png", mediaType: "IMAGE", isPrimary: true },
    }),
    "POST /kb/v1/media",
  );
  await ok(
    http.post("/kb/v1/linkrealizations", {
      auth: adminAuth,
      json: {
        concept,
        linkName: "surface-color",
        toConcept: "self",
        linkValue: '{"rgb":[255,0,0],"note":"tab\there"}',
      },
    }),
    "POST /kb/v1/linkrealizations",
  );
  const reference = (await ok(
    http.post("/kb/v1/references", {
      auth: adminAuth,
      json: { citation: "Müller 2024. Siphonophores «deep».", doi: `10.1000/${unique("doi")}` },
    }),
    "POST /kb/v1/references",
  )) as { id: number };
  await ok(
    http.put(`/kb/v1/references/add/${reference.id}/to/${encodeURIComponent(concept)}`, { auth: adminAuth }),
    "PUT /kb/v1/references/add",
  );
  const prefNode = unique("kb-ui/backup");
  for (const [key, value] of [
    ["panels", '{"open":["tree","media"],"width":null}'],
    ["concepts", "Nanomia, Aegina"],
  ]) {
    await ok(http.post("/kb/v1/prefs", { json: { name: prefNode, key, value } }), "POST /kb/v1/prefs");
  }
  return { concept, synonym, users, prefNode };
}

async function annotate(http: HttpClient, videoReferenceUuid: string, index: number, concept: string) {
  await ok(
    http.post("/anno/v1/videoreferences", {
      json: {
        video_reference_uuid: videoReferenceUuid,
        mission_id: `Dive ${index}`,
        platform_name: "Ventana",
        mission_contact: index === 0 ? "Zoë" : null,
      },
    }),
    "POST /anno/v1/videoreferences",
  );
  const annotations = [...REAL_CONCEPTS, concept].map((name, n) => ({
    video_reference_uuid: videoReferenceUuid,
    concept: name,
    observer: n % 2 === 0 ? "brian" : "Zoë",
    group: n % 2 === 0 ? "ROV" : undefined,
    activity: n === 1 ? "transect" : undefined,
    duration_millis: n === 0 ? 1500 : undefined,
    elapsed_time_millis: 2 ** 40 + n * 1001,
    recorded_timestamp: `2021-06-01T12:3${n}:56.${String(123456 + n * 111111).slice(0, 6)}Z`,
    timecode: `01:02:0${n}:0${index}`,
    associations: [
      { link_name: "eating", to_concept: REAL_CONCEPTS[(n + 1) % 3], link_value: "nil" },
      {
        link_name: "comment",
        to_concept: "self",
        link_value: `{"a":[1,"x\\ty"],"b":null,"ü":"${randomUUID()}"}`,
      },
    ],
    image_references:
      n === 0
        ? [
            {
              url: `${IMAGE_PUBLIC_URL}/cam/${videoReferenceUuid}.png`,
              format: "image/png",
              width_pixels: 1920,
              height_pixels: 1080,
              description: "frame «1»",
            },
          ]
        : [],
    ancillary_data:
      n === 3
        ? undefined
        : {
            latitude: 36.797012345678,
            longitude: -122.0 - n / 3,
            depth_meters: 1234.5 + n,
            temperature_celsius: 4.123456789,
            oxygen_ml_per_l: 0.25,
            salinity: 34.1,
            light_transmission: 88.88,
            x: 1e-9,
            y: -0.0,
            z: 123456789.125,
            coordinate_reference_system: "EPSG:4326",
            xyz_position_units: "m",
          },
  }));
  await ok(http.post("/anno/v1/annotations/bulk", { json: annotations }), "POST /anno/v1/annotations/bulk");
}

async function uploadImage(http: HttpClient) {
  const image = { cameraId: "cam-1", deploymentId: "dive-7", name: "frame 0001.png" };
  const form = new FormData();
  const bytes = new Uint8Array(2048).map((_, i) => (i * 37) % 256);
  form.append("file", new Blob([bytes], { type: "image/png" }), image.name);
  const path = `/panoptes/v1/images/${image.cameraId}/${image.deploymentId}/${encodeURIComponent(image.name)}`;
  const response = await fetch(`${http.baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${await http.token()}` },
    body: form,
  });
  if (response.status !== 200)
    throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return image;
}
