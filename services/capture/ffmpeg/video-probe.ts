import { probeArgs } from "./ffmpeg-args.js";
import { runProcess } from "./process-runner.js";

const INTERLACED_ORDERS = new Set(["tt", "bb", "tb", "bt"]);

/** What a capture needs to know of a video before it runs ffmpeg. */
export interface VideoFacts {
  interlaced: boolean;
  /** The container's duration; undefined when ffprobe does not know it (or failed). */
  durationMillis: number | undefined;
}

/** What a failed probe answers: the frame is still captured, as from a progressive video. */
const UNKNOWN: VideoFacts = { interlaced: false, durationMillis: undefined };

/** true for ffprobe's interlaced field orders; progressive, unknown or empty are false. */
export function isInterlacedFieldOrder(fieldOrder: string | undefined): boolean {
  return INTERLACED_ORDERS.has((fieldOrder ?? "").trim().toLowerCase());
}

/**
 * The facts from ffprobe's csv: the stream line `W,H[,field_order]`, then the format line
 * `duration` (seconds, or `N/A`).
 */
export function videoFactsOf(csv: string): VideoFacts {
  const [stream, format] = csv.split("\n").filter((text) => text.trim() !== "");
  const seconds = Number.parseFloat(format ?? "");
  return {
    interlaced: isInterlacedFieldOrder(stream?.split(",")[2]),
    durationMillis: Number.isFinite(seconds) ? Math.round(seconds * 1000) : undefined,
  };
}

export interface VideoProbeOptions {
  ffprobePath: string;
  timeoutMillis: number;
  /** Videos remembered; the oldest answer is dropped first. */
  maxEntries: number;
  /** How long an answer is trusted after it was last used. */
  ttlMillis: number;
}

interface Remembered {
  facts: VideoFacts;
  expiresAt: number;
}

/**
 * Asks ffprobe whether a video is interlaced and how long it is, remembering answers per
 * video. A failed probe answers UNKNOWN and is not remembered, so it is retried.
 */
export class VideoProbe {
  private readonly answers = new Map<string, Remembered>();
  private readonly running = new Map<string, Promise<VideoFacts>>();

  constructor(private readonly options: VideoProbeOptions) {}

  facts(input: string, protocols: readonly string[]): Promise<VideoFacts> {
    const now = Date.now();
    const known = this.answers.get(input);
    if (known && known.expiresAt > now) {
      this.answers.delete(input);
      this.answers.set(input, { ...known, expiresAt: now + this.options.ttlMillis });
      return Promise.resolve(known.facts);
    }
    const pending = this.running.get(input);
    if (pending) return pending;
    const probe = this.probe(input, protocols).finally(() => this.running.delete(input));
    this.running.set(input, probe);
    return probe;
  }

  private async probe(input: string, protocols: readonly string[]): Promise<VideoFacts> {
    const result = await runProcess(
      this.options.ffprobePath,
      probeArgs(input, protocols),
      this.options.timeoutMillis,
    ).catch(() => undefined);
    if (result?.exitCode !== 0) return UNKNOWN;
    const facts = videoFactsOf(result.stdout);
    this.answers.set(input, { facts, expiresAt: Date.now() + this.options.ttlMillis });
    while (this.answers.size > this.options.maxEntries) {
      const oldest = this.answers.keys().next().value;
      if (oldest === undefined) break;
      this.answers.delete(oldest);
    }
    return facts;
  }
}
