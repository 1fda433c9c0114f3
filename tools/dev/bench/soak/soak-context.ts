/**
 * What the soak benchmark's operations share: the client, the seeded data, the records the run
 * wrote (the most recent ones, bounded, so the bench itself does not grow) and where images go.
 */
import type { SeededRandom } from "../../../m3/datagen/seeded-random.js";
import type { SoakHttpClient } from "../harness/soak-http.js";
import type { SoakSeed } from "./soak-seed.js";

/** The most recent values of a kind, for reads of what the run wrote (bounded: no growth here). */
export class Recent<T> {
  private readonly items: T[] = [];
  private next = 0;

  constructor(
    private readonly capacity: number,
    initial: readonly T[] = [],
  ) {
    for (const item of initial) this.add(item);
  }

  add(item: T): void {
    if (this.items.length < this.capacity) this.items.push(item);
    else this.items[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
  }

  pick(random: SeededRandom): T {
    return random.pick(this.items);
  }
}

export interface SoakContext {
  http: SoakHttpClient;
  random: SeededRandom;
  seed: SoakSeed;
  /** Tells this run's records apart from an earlier run's. */
  runId: string;
  /** Counts every write, so each writes new names. */
  writes: number;
  /** Media and annotations written by the run, and the images stored. */
  media: Recent<{ uuid: string; uri: string }>;
  observations: Recent<string>;
  images: Recent<string>;
}

export interface SoakOperation {
  name: string;
  group: string;
  /** Relative share of the requests. */
  weight: number;
  run(context: SoakContext): Promise<void>;
}

/** Frames the cached captures ask for (cached after the first); new ones never repeat. */
export const CACHED_FRAME_MILLIS = [1_000, 5_000, 10_000, 20_000, 30_000, 40_000, 50_000, 55_000];
/** Where the run's images are filed: one camera and deployment, one name per image. */
export const IMAGE_CAMERA = "Soak Cam";
export const IMAGE_DEPLOYMENT = "Soak 0001";

export function imagePath(name: string): string {
  const path = encodeURIComponent;
  return `/panoptes/v1/images/${path(IMAGE_CAMERA)}/${path(IMAGE_DEPLOYMENT)}/${path(name)}`;
}
