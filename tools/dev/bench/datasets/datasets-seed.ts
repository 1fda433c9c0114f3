/** The dataset bench:datasets reads: one dive of BENCH_ANNOTATIONS annotations, seeded through the API. */
import type { HttpClient } from "../../fixtures/http-client.js";

export const ANNOTATIONS = Number(process.env.BENCH_ANNOTATIONS ?? 50_000);
export const DIVE = "Bench Dive 0001";
const PER_REQUEST = 1000;
const CONCEPTS = ["Nanomia bijuga", "Aegina citrea", "Bathochordaeus", "Pandalus platyceros", "Sebastes"];

async function ok(reply: Promise<{ status: number; text: string; json: unknown }>, what: string) {
  const answer = await reply;
  if (answer.status !== 200)
    throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.json;
}

/** Seeds the dive (one video) and returns its video reference UUID. */
export async function seed(http: HttpClient): Promise<string> {
  const media = (await ok(
    http.post("/vam/v1/media", {
      form: {
        video_sequence_name: DIVE,
        camera_id: "Ventana",
        video_name: "bench-dive-0001",
        uri: "http://bench.example.org/dive/D0001_prores.mov",
        start_timestamp: "2024-01-01T00:00:00Z",
        duration_millis: 36_000_000,
        container: "video/quicktime",
        width: 1920,
        height: 1080,
      },
    }),
    "media",
  )) as { video_reference_uuid: string };
  const video = media.video_reference_uuid;
  for (let start = 0; start < ANNOTATIONS; start += PER_REQUEST) {
    const count = Math.min(PER_REQUEST, ANNOTATIONS - start);
    const annotations = Array.from({ length: count }, (_, k) => annotationAt(video, start + k));
    const created = (await ok(
      http.post("/anno/v1/annotations/bulk", { json: annotations }),
      "annotations",
    )) as {
      imaged_moment_uuid: string;
    }[];
    const data = created.map(({ imaged_moment_uuid }, k) => ({
      imaged_moment_uuid,
      latitude: 36.7 + k / 1e5,
      longitude: -122.05,
      depth_meters: 200 + k,
      temperature_celsius: 4.5,
    }));
    await ok(http.post("/anno/v1/ancillarydata/bulk", { json: data }), "ancillary data");
  }
  return video;
}

function annotationAt(video: string, n: number) {
  return {
    video_reference_uuid: video,
    concept: CONCEPTS[n % CONCEPTS.length],
    observer: "bench",
    elapsed_time_millis: n * 500,
    recorded_timestamp: new Date(Date.UTC(2024, 0, 1) + n * 500).toISOString(),
    associations: [{ link_name: "comment", to_concept: "self", link_value: `note ${n}` }],
    image_references:
      n % 10 === 0
        ? [
            {
              url: `http://bench.example.org/frames/${n}.png`,
              format: "image/png",
              width_pixels: 1920,
              height_pixels: 1080,
            },
          ]
        : [],
  };
}
