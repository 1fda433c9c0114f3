import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import type { VideoFileHead } from "../../../proto/gen/m3/capture/v1/video_file_service.js";
import { DomainError } from "../../kit/errors/domain-error.js";
import type { VideoSourceResolver } from "../services/video-source.js";
import { selectBytes } from "./byte-range.js";
import type { VideoFileRepository, VideoFileStat } from "./video-file.repository.js";
import type { VideoFileTickets } from "./video-file-tickets.js";

/** The media types of the containers video files come in; any other file is octet-stream. */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  ".mp4": "video/mp4",
  ".m4v": "video/mp4",
  ".mov": "video/quicktime",
  ".webm": "video/webm",
  ".mkv": "video/x-matroska",
  ".ogv": "video/ogg",
  ".ts": "video/mp2t",
  ".avi": "video/x-msvideo",
};

/** A ticket for one file. */
export interface IssuedTicket {
  ticket: string;
  expiresAtMillis: number;
  videoUrl: string;
}

/** A reply's head and its bytes. */
export interface VideoFileRead {
  head: VideoFileHead;
  data: AsyncIterable<Buffer>;
}

/**
 * Lets browsers play the `file:` videos under the capture roots: issues a ticket for one file
 * to a signed-in caller, and reads a ticket's file whole or by range. The roots are checked on
 * the real path both when the ticket is issued and at every read, so a symlink changed since
 * cannot lead outside them.
 */
export class VideoFileService {
  constructor(
    private readonly deps: {
      sources: VideoSourceResolver;
      files: VideoFileRepository;
      tickets: VideoFileTickets;
      ticketLifetimeMillis: number;
      now?: () => number;
    },
  ) {}

  async issueTicket(videoUrl: string): Promise<IssuedTicket> {
    if (!videoUrl.startsWith("file:")) {
      throw DomainError.invalidArgument(
        "NOT_A_FILE_URL",
        "videoUrl must be a file: URL (http and https videos play from their own server)",
        { field: "videoUrl" },
      );
    }
    const { url } = await this.deps.sources.resolve(videoUrl);
    await this.deps.files.statOf(fileURLToPath(url));
    const expiresAtMillis = this.now() + this.deps.ticketLifetimeMillis;
    return {
      ticket: this.deps.tickets.sign({ videoUrl: url, expiresAtMillis }),
      expiresAtMillis,
      videoUrl: url,
    };
  }

  async read(request: { ticket: string; range: string; ifRange: string }): Promise<VideoFileRead> {
    const grant = this.deps.tickets.verify(request.ticket, this.now());
    const { url } = await this.deps.sources.resolve(grant.videoUrl);
    const path = fileURLToPath(url);
    const file = await this.deps.files.statOf(path);
    const etag = etagOf(file);
    const lastModified = new Date(file.modifiedAtMillis).toUTCString();
    const stillSame = request.ifRange === "" || request.ifRange === etag || request.ifRange === lastModified;
    const selection = stillSame ? selectBytes(request.range, file.sizeBytes) : { kind: "whole" as const };
    if (selection.kind === "unsatisfiable") {
      throw new DomainError(
        "OUT_OF_RANGE",
        "RANGE_NOT_SATISFIABLE",
        `The range ${request.range} is outside the file's ${file.sizeBytes} bytes`,
        { "http-header-content-range": `bytes */${file.sizeBytes}` },
      );
    }
    const [first, last] =
      selection.kind === "range" ? [selection.first, selection.last] : [0, file.sizeBytes - 1];
    return {
      head: {
        partial: selection.kind === "range",
        contentType: MEDIA_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream",
        fileSizeBytes: file.sizeBytes,
        firstByte: first,
        lastByte: last,
        etag,
        lastModified,
      },
      data: this.deps.files.read(path, first, last),
    };
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}

/** Size and modification time: cheap, and it changes when the file is rewritten. */
function etagOf(file: VideoFileStat): string {
  return `"${file.sizeBytes.toString(36)}-${file.modifiedAtMillis.toString(36)}"`;
}
