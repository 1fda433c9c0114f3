/**
 * What `npm start -- --demo` adds to an empty platform: three ROV dives around Monterey Bay, a
 * short generated clip one of them points to, and kb users of every role. Fixed here, so every
 * start (and every machine) plans the same data; the seeds make the generated parts repeatable.
 */

/** The clip ffmpeg makes at first start, under the capture root: small, H.264, a key frame a second. */
export const DEMO_CLIP = {
  fileName: "demo-ventana-4101-clip.mp4",
  durationMillis: 30_000,
  width: 384,
  height: 216,
  frameRate: 25,
  container: "video/mp4",
  videoCodec: "h264",
} as const;

/** Stands for the clip's URL in the plan. */
export const CLIP_URI = "clip";

/** One file of a video: the generated clip, or a file a real deployment would hold elsewhere. */
export interface DemoReferencePlan {
  /** CLIP_URI for the generated clip, whose file: URL under the capture root is known at run time. */
  uri: string;
  container: string;
  videoCodec: string;
  width: number;
  height: number;
  frameRate: number;
  /** Annotations are made on this reference of the video (one per video). */
  annotated: boolean;
}

export interface DemoVideoPlan {
  /** Offset of the video's start from the dive's start. */
  offsetMillis: number;
  durationMillis: number;
  references: readonly DemoReferencePlan[];
  /** Observations made on the annotated reference. */
  annotations: number;
}

export interface DemoDivePlan {
  /** The video sequence name: also how a restart recognises the dive. */
  name: string;
  cameraId: string;
  chiefScientist: string;
  /** ISO-8601 UTC start of the first video. */
  start: string;
  maxDepthMeters: number;
  /** Where the vehicle leaves the surface, and the track it follows along the dive. */
  site: { latitude: number; longitude: number; headingDegrees: number; trackMeters: number };
  videos: readonly DemoVideoPlan[];
  seed: number;
}

const MEDIA_HOST = "https://media.m3.example.org";
const MINUTE = 60_000;

/** A dive's full-resolution master file. */
function master(path: string, annotated: boolean): DemoReferencePlan {
  const uri = `${MEDIA_HOST}/${path}.mov`;
  return {
    uri,
    container: "video/quicktime",
    videoCodec: "prores",
    width: 1920,
    height: 1080,
    frameRate: 29.97,
    annotated,
  };
}

/** A smaller H.264 copy for viewing and annotating. */
function proxy(path: string, annotated: boolean): DemoReferencePlan {
  const uri = `${MEDIA_HOST}/${path}.mp4`;
  return {
    uri,
    container: "video/mp4",
    videoCodec: "h264",
    width: 1280,
    height: 720,
    frameRate: 29.97,
    annotated,
  };
}

const CLIP: DemoReferencePlan = {
  uri: CLIP_URI,
  container: DEMO_CLIP.container,
  videoCodec: DEMO_CLIP.videoCodec,
  width: DEMO_CLIP.width,
  height: DEMO_CLIP.height,
  frameRate: DEMO_CLIP.frameRate,
  annotated: true,
};

/** The URI a reference is registered under: the clip's file: URL, or its own. */
export function referenceUri(reference: DemoReferencePlan, clipUrl: string): string {
  return reference.uri === CLIP_URI ? clipUrl : reference.uri;
}

export function isClipVideo(video: DemoVideoPlan): boolean {
  return video.references.some((reference) => reference.uri === CLIP_URI);
}

export const DEMO_DIVES: readonly DemoDivePlan[] = [
  {
    name: "Demo Ventana 4101",
    cameraId: "Ventana",
    chiefScientist: "Dr. Ana Rivera",
    start: "2024-05-14T16:02:10Z",
    maxDepthMeters: 880,
    site: { latitude: 36.7128, longitude: -122.0473, headingDegrees: 250, trackMeters: 2400 },
    videos: [
      {
        offsetMillis: 0,
        durationMillis: 20 * MINUTE,
        references: [
          master("Ventana/V4101/V4101_20240514T160210Z", false),
          proxy("Ventana/V4101/V4101_20240514T160210Z", true),
        ],
        annotations: 50,
      },
      {
        offsetMillis: 20 * MINUTE,
        durationMillis: DEMO_CLIP.durationMillis,
        references: [CLIP],
        annotations: 40,
      },
      {
        offsetMillis: 20 * MINUTE + DEMO_CLIP.durationMillis,
        durationMillis: 15 * MINUTE,
        references: [
          master("Ventana/V4101/V4101_20240514T162240Z", false),
          proxy("Ventana/V4101/V4101_20240514T162240Z", true),
        ],
        annotations: 40,
      },
    ],
    seed: 4101,
  },
  {
    name: "Demo Doc Ricketts 1502",
    cameraId: "Doc Ricketts",
    chiefScientist: "Dr. Kofi Mensah",
    start: "2023-09-21T17:40:00Z",
    maxDepthMeters: 1290,
    site: { latitude: 36.3346, longitude: -122.2816, headingDegrees: 120, trackMeters: 1800 },
    videos: [0, 1, 2].map((index) => {
      const start = ["20230921T174000Z", "20230921T175200Z", "20230921T180400Z"][index];
      return {
        offsetMillis: index * 12 * MINUTE,
        durationMillis: 12 * MINUTE,
        references: [master(`DocRicketts/D1502/D1502_${start}`, true)],
        annotations: 35,
      };
    }),
    seed: 1502,
  },
  {
    name: "Demo MiniROV 0237",
    cameraId: "MiniROV",
    chiefScientist: "Dr. Mia Lindqvist",
    start: "2022-06-08T18:15:00Z",
    maxDepthMeters: 340,
    site: { latitude: 36.8613, longitude: -121.9617, headingDegrees: 200, trackMeters: 900 },
    videos: [
      {
        offsetMillis: 0,
        durationMillis: 18 * MINUTE,
        references: [proxy("MiniROV/M0237/M0237_20220608T181500Z", true)],
        annotations: 65,
      },
    ],
    seed: 237,
  },
];

/** Elapsed times of the clip (a frame every 4.8 s from 1.6 s on) grabbed and stored as the demo's images. */
export const DEMO_FRAME_MILLIS: readonly number[] = Array.from(
  { length: 6 },
  (_, index) => 1600 + index * 4800,
);

export interface DemoUserPlan {
  username: string;
  role: "Admin" | "Maint" | "Annotator" | "ReadOnly";
  firstName: string;
  lastName: string;
}

/** The one password of every demo user: demo data, never for a shared server. */
export const DEMO_PASSWORD = "m3-demo";

export const DEMO_USERS: readonly DemoUserPlan[] = [
  { username: "demo-admin", role: "Admin", firstName: "Ada", lastName: "Admin" },
  { username: "demo-admin-2", role: "Admin", firstName: "Alan", lastName: "Admin" },
  { username: "demo-maint", role: "Maint", firstName: "Mary", lastName: "Maintainer" },
  { username: "demo-maint-2", role: "Maint", firstName: "Max", lastName: "Maintainer" },
  { username: "demo-annotator", role: "Annotator", firstName: "Ann", lastName: "Annotator" },
  { username: "demo-annotator-2", role: "Annotator", firstName: "Andy", lastName: "Annotator" },
  { username: "demo-readonly", role: "ReadOnly", firstName: "Rita", lastName: "Reader" },
  { username: "demo-readonly-2", role: "ReadOnly", firstName: "Rob", lastName: "Reader" },
];

/** Who made the demo observations: the users who annotate. */
export const DEMO_OBSERVERS = DEMO_USERS.filter(({ role }) => role === "Annotator" || role === "Maint").map(
  ({ username }) => username,
);

/** Seeds the concept mix, shared by every dive so the demo's concepts recur across dives. */
export const DEMO_CONCEPT_SEED = 20_240_514;
