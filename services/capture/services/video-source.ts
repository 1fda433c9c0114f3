import { realpath } from "node:fs/promises";
import { sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DomainError } from "../../kit/errors/domain-error.js";

/** A video as ffmpeg will read it. */
export interface VideoSource {
  /** The normalised URL: the cache key (file URLs name the real path, past symlinks). */
  url: string;
  /** What ffmpeg opens. */
  input: string;
  /** The ffmpeg protocols that input may use, also inside playlists. */
  protocols: readonly string[];
}

const WEB_PROTOCOLS = ["http", "https", "tls", "tcp", "crypto"] as const;

/**
 * Decides whether and how a video URL may be read. http(s) URLs go to ffmpeg as given.
 * file URLs must name a file inside one of the allowed roots, checked on the real path so
 * a symlink cannot lead outside; with no roots configured, file URLs are refused.
 */
export class VideoSourceResolver {
  constructor(private readonly fileRoots: readonly string[]) {}

  /**
   * The URL a video's frames are cached under, worked out without touching the source: the URL
   * normalised, and a file URL checked against the roots on its own path. A cached frame is looked
   * up by it, so a frame stays available after its source is gone or unreachable.
   */
  identify(videoUrl: string): string {
    const url = parseVideoUrl(videoUrl);
    if (url.protocol !== "file:") return url.href;
    const path = this.pathOf(videoUrl, url);
    this.requireInsideRoots(videoUrl, path);
    return pathToFileURL(path).href;
  }

  async resolve(videoUrl: string): Promise<VideoSource> {
    const url = parseVideoUrl(videoUrl);
    if (url.protocol !== "file:") return { url: url.href, input: url.href, protocols: WEB_PROTOCOLS };
    const path = this.pathOf(videoUrl, url);
    // Checked before touching the disk so the reply says nothing about files outside the roots.
    this.requireInsideRoots(videoUrl, path);
    const real = await realpath(path).catch(() => undefined);
    if (real === undefined)
      throw DomainError.notFound(`${videoUrl} could not be read`, { field: "videoUrl" });
    this.requireInsideRoots(videoUrl, real);
    return { url: pathToFileURL(real).href, input: `file:${real}`, protocols: ["file"] };
  }

  private pathOf(videoUrl: string, url: URL): string {
    if (this.fileRoots.length === 0) {
      throw DomainError.permissionDenied(
        "file URLs are not enabled on this server (CAPTURE_FILE_ROOTS lists the folders they may read)",
      );
    }
    try {
      return fileURLToPath(url);
    } catch {
      throw DomainError.notFound(`${videoUrl} is not a valid URL`, { field: "videoUrl" });
    }
  }

  private requireInsideRoots(videoUrl: string, path: string): void {
    if (
      !this.fileRoots.some((root) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep))
    ) {
      throw DomainError.permissionDenied(`${videoUrl} is outside the folders CAPTURE_FILE_ROOTS allows`);
    }
  }
}

/** An http, https or file URL; anything else is refused. */
function parseVideoUrl(videoUrl: string): URL {
  const url = URL.canParse(videoUrl) ? new URL(videoUrl) : undefined;
  if (!url) throw DomainError.notFound(`${videoUrl} is not a valid URL`, { field: "videoUrl" });
  if (url.protocol === "http:" || url.protocol === "https:" || url.protocol === "file:") return url;
  throw DomainError.invalidArgument("UNSUPPORTED_URL", "videoUrl must be an http, https or file URL", {
    field: "videoUrl",
  });
}
