import { randomBytes } from "node:crypto";
import { rename, rm, stat } from "node:fs/promises";
import { basename, dirname, extname, join } from "node:path";
import { type FrameCommand, frameCommandArgs, hasReservedColorMetadata } from "./ffmpeg-args.js";
import { runProcess } from "./process-runner.js";

/** How a run ended: the image is at the target, or why not. */
export type GrabOutcome =
  | { kind: "captured" }
  /** ffmpeg could not open the input (missing file, HTTP error, not a video). */
  | { kind: "unreadable"; detail: string }
  /** The input opened but has no frame at that time (past the end). */
  | { kind: "no-frame" }
  | { kind: "failed"; detail: string };

export interface FrameGrabberOptions {
  ffmpegPath: string;
  timeoutMillis: number;
}

/**
 * Runs ffmpeg for one frame. It writes to a temporary name beside the target and renames on
 * success, so a killed or failed run never leaves a partial image where the cache looks.
 */
export class FrameGrabber {
  constructor(private readonly options: FrameGrabberOptions) {}

  async grab(command: Omit<FrameCommand, "forceBt709">): Promise<GrabOutcome> {
    const first = await this.runOnce({ ...command, forceBt709: false });
    if (first.kind === "failed" && hasReservedColorMetadata(first.detail)) {
      return this.runOnce({ ...command, forceBt709: true });
    }
    return first;
  }

  private async runOnce(command: FrameCommand): Promise<GrabOutcome> {
    const extension = extname(command.target);
    const partial = join(
      dirname(command.target),
      `.${basename(command.target, extension)}.${randomBytes(6).toString("hex")}.part${extension}`,
    );
    try {
      const result = await runProcess(
        this.options.ffmpegPath,
        frameCommandArgs({ ...command, target: partial }),
        this.options.timeoutMillis,
      ).catch((error: unknown) => error as Error);
      if (result instanceof Error)
        return { kind: "failed", detail: `ffmpeg did not start: ${result.message}` };
      if (result.timedOut) return { kind: "failed", detail: "ffmpeg timed out" };
      if (result.exitCode !== 0) return failure(command.input, result.stderr);
      if (!(await isNonEmptyFile(partial))) return { kind: "no-frame" };
      await rename(partial, command.target);
      return { kind: "captured" };
    } finally {
      await rm(partial, { force: true });
    }
  }
}

/** ffmpeg reports an input it cannot open as `<input>: <reason>`. */
function failure(input: string, stderr: string): GrabOutcome {
  const detail = stderr.trim();
  const unreadable = detail.split("\n").some((line) => line.startsWith(`${input}: `));
  return unreadable ? { kind: "unreadable", detail } : { kind: "failed", detail };
}

async function isNonEmptyFile(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  return info?.isFile() === true && info.size > 0;
}
