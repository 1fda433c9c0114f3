import { probeArgs } from "./ffmpeg-args.js";
import { runProcess } from "./process-runner.js";

const INTERLACED_ORDERS = new Set(["tt", "bb", "tb", "bt"]);

/** true for ffprobe's interlaced field orders; progressive, unknown or empty are false. */
export function isInterlacedFieldOrder(fieldOrder: string | undefined): boolean {
  return INTERLACED_ORDERS.has((fieldOrder ?? "").trim().toLowerCase());
}

/** The field order from ffprobe's first csv line `W,H[,field_order]`. */
export function fieldOrderOf(csv: string): string | undefined {
  const line = csv.split("\n").find((text) => text.trim() !== "");
  return line?.split(",")[2];
}

export interface InterlaceProbeOptions {
  ffprobePath: string;
  timeoutMillis: number;
  /** Videos remembered; the oldest answer is dropped first. */
  maxEntries: number;
  /** How long an answer is trusted after it was last used. */
  ttlMillis: number;
}

interface Remembered {
  interlaced: boolean;
  expiresAt: number;
}

/**
 * Asks ffprobe whether a video is interlaced, remembering answers per video. A failed probe
 * counts as progressive (the frame is still captured) and is not remembered, so it is retried.
 */
export class InterlaceProbe {
  private readonly answers = new Map<string, Remembered>();
  private readonly running = new Map<string, Promise<boolean>>();

  constructor(private readonly options: InterlaceProbeOptions) {}

  isInterlaced(input: string, protocols: readonly string[]): Promise<boolean> {
    const now = Date.now();
    const known = this.answers.get(input);
    if (known && known.expiresAt > now) {
      this.answers.delete(input);
      this.answers.set(input, { ...known, expiresAt: now + this.options.ttlMillis });
      return Promise.resolve(known.interlaced);
    }
    const pending = this.running.get(input);
    if (pending) return pending;
    const probe = this.probe(input, protocols).finally(() => this.running.delete(input));
    this.running.set(input, probe);
    return probe;
  }

  private async probe(input: string, protocols: readonly string[]): Promise<boolean> {
    const result = await runProcess(
      this.options.ffprobePath,
      probeArgs(input, protocols),
      this.options.timeoutMillis,
    ).catch(() => undefined);
    if (result?.exitCode !== 0) return false;
    const interlaced = isInterlacedFieldOrder(fieldOrderOf(result.stdout));
    this.answers.set(input, { interlaced, expiresAt: Date.now() + this.options.ttlMillis });
    while (this.answers.size > this.options.maxEntries) {
      const oldest = this.answers.keys().next().value;
      if (oldest === undefined) break;
      this.answers.delete(oldest);
    }
    return interlaced;
  }
}
