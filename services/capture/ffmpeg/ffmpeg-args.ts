/** What one ffmpeg run captures; the argv mirrors the legacy beholder's (reference §3.4). */
export interface FrameCommand {
  /** The input as ffmpeg reads it: an http(s) URL or a local file path. */
  input: string;
  /** ffmpeg protocols the input may use (its playlists cannot reach other ones). */
  protocols: readonly string[];
  elapsedMillis: number;
  imageType: "jpg" | "png";
  /**
   * false = fast seek: the frame is the key frame at or before the time (`-noaccurate_seek`,
   * with `-fps_mode passthrough` so that a key frame before the time is not dropped for its
   * negative output timestamp).
   */
  accurate: boolean;
  /** Decode key frames only (`-skip_frame nokey`). */
  nokey: boolean;
  deinterlace: boolean;
  /** Retry for sources with reserved colour metadata, which the default conversion rejects. */
  forceBt709: boolean;
  /** Where the image is written; ffmpeg picks the encoder from its extension. */
  target: string;
}

const DEINTERLACE_FILTER = "bwdif=mode=send_frame:parity=auto:deint=all";
const BT709_FILTER = "colorspace=iall=bt709:all=bt709,format=rgb24";

export function frameCommandArgs(command: FrameCommand): string[] {
  const filters = [
    ...(command.deinterlace ? [DEINTERLACE_FILTER] : []),
    ...(command.forceBt709 ? [BT709_FILTER] : []),
  ];
  return [
    "-threads",
    "2",
    "-protocol_whitelist",
    command.protocols.join(","),
    "-ss",
    seekSeconds(command.elapsedMillis),
    ...(command.nokey ? ["-skip_frame", "nokey"] : []),
    ...(command.accurate ? [] : ["-noaccurate_seek"]),
    "-i",
    command.input,
    "-map",
    "0:v:0",
    "-frames:v",
    "1",
    ...(command.accurate ? [] : ["-fps_mode", "passthrough"]),
    ...(filters.length > 0 ? ["-vf", filters.join(",")] : []),
    ...(command.imageType === "png" ? ["-c:v", "png"] : ["-qmin", "1", "-q:v", "1"]),
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    command.target,
  ];
}

/** ffprobe's answer: `W,H,field_order` of the first video stream, then the container's duration. */
export function probeArgs(input: string, protocols: readonly string[]): string[] {
  return [
    "-v",
    "error",
    "-protocol_whitelist",
    protocols.join(","),
    "-select_streams",
    "v:0",
    "-show_entries",
    "stream=width,height,field_order:format=duration",
    "-of",
    "csv=p=0",
    input,
  ];
}

/**
 * Seconds with milliseconds (`3723.456`): exact, and unlike the legacy HH:MM:SS form it
 * does not wrap at 24 hours.
 */
export function seekSeconds(elapsedMillis: number): string {
  return `${Math.floor(elapsedMillis / 1000)}.${String(elapsedMillis % 1000).padStart(3, "0")}`;
}

/** The legacy trigger for the colour-space retry. */
export function hasReservedColorMetadata(stderr: string): boolean {
  return /prim:reserved|trc:reserved/.test(stderr);
}
