import type { Logger } from "pino";
import { SeededRandom } from "../../datagen/seeded-random.js";
import type { KbDump } from "../../kb-import/kb-dump.js";
import { diveAnnotations, type ImageReferenceJson } from "./demo-annotations.js";
import { type DemoClip, ensureDemoClip } from "./demo-clip.js";
import { type DemoConcept, demoConceptPool, demoConceptSequence } from "./demo-concepts.js";
import { type DiveState, readDiveState, registerDive, storeClipFrames } from "./demo-dive.loader.js";
import { DEMO_CONCEPT_SEED, DEMO_DIVES, type DemoDivePlan, isClipVideo } from "./demo-plan.js";
import { type DemoUsersResult, loadDemoUsers } from "./demo-users.loader.js";
import type { PlatformClient } from "./platform-client.js";

const LIST_CONCEPT_NAMES = "m3.kb.v1.ConceptService/ListAllConceptNames";
const CREATE_ANNOTATIONS = "m3.annotation.v1.AnnotationService/CreateAnnotations";
/** Animals the demo observes: enough for variety, few enough that each recurs. */
const POOL_SIZE = 30;

export interface DemoLoaderOptions {
  client: PlatformClient;
  /** The real kb dump the demo draws its concepts and link templates from. */
  readDump: () => Promise<KbDump>;
  /** The kb administrator, who alone may create users. */
  admin: { username: string; password: string };
  capture: { apiKey: string; folder: string; ffmpegPath: string };
  logger: Logger;
}

export type DiveOutcome =
  | { name: string; status: "loaded"; annotations: number; images: number }
  | { name: string; status: "present" }
  | { name: string; status: "skipped"; reason: string };

export interface DemoReport {
  clip: DemoClip;
  users: DemoUsersResult;
  dives: DiveOutcome[];
}

/**
 * The rules of `--demo`, part by part, each adding only what is missing: the clip file (made
 * when absent), the demo users (created when absent), and each demo dive, loaded only when no
 * video sequence has its name (or, after an interrupted start, when the demo registered it but
 * annotated none of it), so a restart adds nothing and a platform that holds data of its own
 * gets no more than the demo's own dives. Everything goes through the public REST API.
 */
export class DemoLoaderService {
  constructor(private readonly options: DemoLoaderOptions) {}

  async load(): Promise<DemoReport> {
    const { client, capture, logger } = this.options;
    const [clip, users] = await Promise.all([
      ensureDemoClip(capture.folder, capture.ffmpegPath).then((made) => logClip(made, logger)),
      loadDemoUsers(client, this.options.admin).then((result) => logUsers(result, logger)),
    ]);
    const states = new Map<string, DiveState>();
    for (const dive of DEMO_DIVES) states.set(dive.name, await readDiveState(client, dive, clip.url));
    const wanted = DEMO_DIVES.filter(
      (dive) => states.get(dive.name) !== "complete" && states.get(dive.name) !== "foreign",
    );
    const concepts = wanted.length > 0 ? await this.conceptsPerDive() : new Map<string, DemoConcept[]>();
    const dives: DiveOutcome[] = [];
    for (const dive of DEMO_DIVES) {
      const planned = concepts.get(dive.name) ?? [];
      dives.push(logDive(await this.diveOutcome(dive, states.get(dive.name), planned, clip), logger));
    }
    return { clip, users, dives };
  }

  private async diveOutcome(
    dive: DemoDivePlan,
    state: DiveState | undefined,
    concepts: readonly DemoConcept[],
    clip: DemoClip,
  ): Promise<DiveOutcome> {
    const { name } = dive;
    if (state === "complete") return { name, status: "present" };
    if (state === "foreign") {
      return { name, status: "skipped", reason: "a video sequence of this name holds other videos" };
    }
    if (concepts.length === 0)
      return { name, status: "skipped", reason: "the kb holds none of the demo's concepts" };
    return this.loadDive(dive, concepts, clip);
  }

  private async loadDive(
    dive: DemoDivePlan,
    concepts: readonly DemoConcept[],
    clip: DemoClip,
  ): Promise<DiveOutcome> {
    const { client, capture } = this.options;
    const referenceUuids = await registerDive(client, dive, clip.url);
    const hasClip = dive.videos.some(isClipVideo);
    const frames =
      hasClip && clip.status !== "unavailable"
        ? await storeClipFrames(client, dive, { url: clip.url, captureApiKey: capture.apiKey })
        : new Map<number, ImageReferenceJson>();
    const annotations = diveAnnotations({ dive, referenceUuids, concepts, frames });
    // One request, one transaction: a dive is annotated completely or not at all.
    await client.json(CREATE_ANNOTATIONS, { json: annotations });
    return { name: dive.name, status: "loaded", annotations: annotations.length, images: frames.size };
  }

  /**
   * The concept of each planned annotation, per dive: one seeded mix over the whole demo,
   * cut into the dives' shares, so a dive gets the same concepts whichever others are loaded.
   * Only concepts the running kb holds are used; none when it holds none of them.
   */
  private async conceptsPerDive(): Promise<Map<string, DemoConcept[]>> {
    const available = new Set(await this.options.client.json<string[]>(LIST_CONCEPT_NAMES));
    const random = new SeededRandom(DEMO_CONCEPT_SEED);
    const pool = demoConceptPool(await this.options.readDump(), available, POOL_SIZE, random);
    const perDive = new Map<string, DemoConcept[]>();
    if (pool.length < 2) return perDive;
    const total = DEMO_DIVES.reduce((sum, dive) => sum + annotationsOf(dive), 0);
    const sequence = demoConceptSequence(pool, total, random);
    let next = 0;
    for (const dive of DEMO_DIVES) {
      perDive.set(dive.name, sequence.slice(next, next + annotationsOf(dive)));
      next += annotationsOf(dive);
    }
    return perDive;
  }
}

function annotationsOf(dive: DemoDivePlan): number {
  return dive.videos.reduce((sum, video) => sum + video.annotations, 0);
}

function logClip(clip: DemoClip, logger: Logger): DemoClip {
  if (clip.status === "unavailable") {
    logger.warn(
      { file: clip.file, reason: clip.reason },
      "demo: ffmpeg could not make the demo video; the rest is loaded without frames or images (install ffmpeg, restart with --demo)",
    );
  } else {
    logger.info({ file: clip.file, seconds: Number(clip.seconds.toFixed(2)) }, `demo video ${clip.status}`);
  }
  return clip;
}

function logUsers(users: DemoUsersResult, logger: Logger): DemoUsersResult {
  if (users.status === "skipped") logger.warn({ reason: users.reason }, "demo users skipped");
  else logger.info({ created: users.created, present: users.present }, "demo users checked");
  return users;
}

function logDive(dive: DiveOutcome, logger: Logger): DiveOutcome {
  if (dive.status === "loaded") {
    logger.info({ dive: dive.name, annotations: dive.annotations, images: dive.images }, "demo dive loaded");
  } else if (dive.status === "present") {
    logger.info({ dive: dive.name }, "demo dive present: nothing added");
  } else {
    logger.warn({ dive: dive.name, reason: dive.reason }, "demo dive skipped");
  }
  return dive;
}
