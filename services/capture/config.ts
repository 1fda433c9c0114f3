import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { readFirst, readInt } from "../kit/config/env-reader.js";
import { DOMAIN_GRPC_PORTS } from "../kit/domain/default-ports.js";
import type { Env } from "../kit/domain/domain-module.js";

export const CAPTURE_DEFAULT_GRPC_PORT = DOMAIN_GRPC_PORTS.capture;

/** The capture service's own settings; port and signing secret come from readDomainConfig. */
export interface CaptureSettings {
  /** The X-Api-Key value every capture must carry. */
  apiKey: string;
  /** Every key accepted in X-Api-Key: apiKey first, then those of a rotation. */
  apiKeys: string[];
  /** Folder holding the cached frames; created when missing. */
  cacheRoot: string;
  /** Cache limit in bytes (CAPTURE_CACHE_SIZE is in MB of 10^6 bytes, as the legacy service counted). */
  cacheSizeBytes: number;
  /** Share of the cache freed, oldest first, when it grows past the limit: (0, 1]. */
  cacheFreeFraction: number;
  /** ffmpeg processes run at once. */
  workers: number;
  /** Captures waiting for a worker before new ones get 503. */
  queueSize: number;
  /** Longest wait for a worker before 503; 0 = no limit. */
  maxWaitMillis: number;
  ffmpegPath: string;
  ffmpegTimeoutMillis: number;
  ffprobePath: string;
  ffprobeTimeoutMillis: number;
  /** Folders whose videos file:// URLs may name; empty = file URLs refused. */
  fileRoots: readonly string[];
  /** How long a ticket to read a video file (a browser's link to a `file:` video) is accepted. */
  videoTicketLifetimeMillis: number;
  /** The crop service (legacy skimmer). */
  crops: CropSettings;
  /** The registry's gRPC host:port (M3_REGISTRY_GRPC_ADDRESS), asked whether a crop's URL is a video. */
  registryGrpcAddress: string | undefined;
}

/** The crop service's settings (it reads file URLs under the same fileRoots). */
export interface CropSettings {
  /** Folder holding the cached crops; created when missing. */
  cacheRoot: string;
  /** Crop cache limit in bytes (CAPTURE_CROP_CACHE_SIZE is in MB of 10^6 bytes). */
  cacheSizeBytes: number;
  /** Source images kept in memory for further crops of the same image, in bytes. */
  sourceMemoryBytes: number;
  /** Longest wait for an image fetched over HTTP(S), headers and body. */
  fetchTimeoutMillis: number;
  /** Largest source image read, over HTTP(S) or from a file. */
  maxSourceBytes: number;
  /** The hosts images may be fetched from (host names, addresses, `*.domain`); empty: any. */
  allowedHosts: string[];
  /** Crops read and cut at once (capture's maxWaitMillis bounds their wait too). */
  workers: number;
  /** Crops waiting for a worker before new ones get 503. */
  queueSize: number;
}

/**
 * Each setting is read as CAPTURE_<NAME>, then M3_CAPTURE_<NAME>, then the legacy
 * BEHOLDER_<NAME> where beholder had one, so existing deployments keep their values.
 */
function names(name: string, legacy?: string): string[] {
  return [`CAPTURE_${name}`, `M3_CAPTURE_${name}`, ...(legacy ? [`BEHOLDER_${legacy}`] : [])];
}

/** The spec's and the legacy names of the capture key, read before the kit's domain key. */
export const CAPTURE_API_KEY_SETTINGS = ["CAPTURE_API_KEY", "BEHOLDER_API_KEY"] as const;

/**
 * The API key: CAPTURE_API_KEY, else BEHOLDER_API_KEY, else the domain key every domain reads
 * (M3_CAPTURE_API_KEY, then M3_API_KEY), which `fallbackApiKey` carries.
 */
export function readCaptureSettings(
  env: Env,
  dataDir: string,
  fallbackApiKey: string,
  /** Keys also accepted during a rotation (M3_CAPTURE_API_KEYS or M3_API_KEYS). */
  rotationApiKeys: readonly string[] = [],
): CaptureSettings {
  const workers = intSetting(env, names("THREADS", "CAPTURE_THREADS"), defaultWorkers(), 1, 256);
  return {
    apiKey: readFirst(env, CAPTURE_API_KEY_SETTINGS, fallbackApiKey),
    apiKeys: [readFirst(env, CAPTURE_API_KEY_SETTINGS, fallbackApiKey), ...rotationApiKeys],
    cacheRoot: resolve(readFirst(env, names("CACHE_ROOT", "CACHE_ROOT"), join(dataDir, "capture-cache"))),
    cacheSizeBytes: intSetting(env, names("CACHE_SIZE", "CACHE_SIZE"), 500, 1, 100_000_000) * 1_000_000,
    cacheFreeFraction: fractionSetting(env, names("CACHE_FREEPCT", "CACHE_FREEPCT"), 0.2),
    workers,
    queueSize: intSetting(env, names("QUEUE_SIZE", "CAPTURE_QUEUESIZE"), workers * 8, 0, 100_000),
    maxWaitMillis: intSetting(env, names("MAX_WAIT_MILLIS"), 15_000, 0, 3_600_000),
    ffmpegPath: readFirst(env, names("FFMPEG_PATH", "FFMPEG_PATH"), "ffmpeg"),
    ffmpegTimeoutMillis: intSetting(env, names("FFMPEG_TIMEOUT_MILLIS"), 60_000, 1, 3_600_000),
    ffprobePath: readFirst(env, names("FFPROBE_PATH", "FFPROBE_PATH"), "ffprobe"),
    ffprobeTimeoutMillis: intSetting(env, names("FFPROBE_TIMEOUT_MILLIS"), 30_000, 1, 3_600_000),
    fileRoots: readFileRoots(env),
    videoTicketLifetimeMillis: intSetting(env, names("VIDEO_TICKET_SECONDS"), 3600, 10, 86_400) * 1000,
    crops: readCropSettings(env, dataDir),
    registryGrpcAddress: readFirst(env, ["M3_REGISTRY_GRPC_ADDRESS"]),
  };
}

function readCropSettings(env: Env, dataDir: string): CropSettings {
  const MB = 1_000_000;
  const workers = intSetting(env, names("CROP_THREADS"), Math.max(2, availableParallelism()), 1, 256);
  return {
    cacheRoot: resolve(readFirst(env, names("CROP_CACHE_ROOT"), join(dataDir, "crop-cache"))),
    cacheSizeBytes: intSetting(env, names("CROP_CACHE_SIZE"), 500, 1, 100_000_000) * MB,
    sourceMemoryBytes: intSetting(env, names("CROP_SOURCE_MEMORY_SIZE"), 100, 0, 100_000) * MB,
    fetchTimeoutMillis: intSetting(env, names("CROP_FETCH_TIMEOUT_MILLIS"), 30_000, 1, 3_600_000),
    maxSourceBytes: intSetting(env, names("CROP_MAX_SOURCE_SIZE"), 200, 1, 100_000) * MB,
    allowedHosts: (readFirst(env, names("CROP_ALLOWED_HOSTS")) ?? "")
      .split(",")
      .filter((host) => host.trim() !== ""),
    workers,
    queueSize: intSetting(env, names("CROP_QUEUE_SIZE"), workers * 32, 0, 100_000),
  };
}

/** The legacy default: a quarter of the processors, at least two. */
function defaultWorkers(): number {
  return Math.max(2, Math.floor(availableParallelism() / 4));
}

function intSetting(
  env: Env,
  candidates: readonly string[],
  fallback: number,
  min: number,
  max: number,
): number {
  const name = candidates.find((candidate) => readFirst(env, [candidate]) !== undefined);
  return name === undefined ? fallback : readInt(env, name, fallback, { min, max });
}

function fractionSetting(env: Env, candidates: readonly string[], fallback: number): number {
  const name = candidates.find((candidate) => readFirst(env, [candidate]) !== undefined);
  if (name === undefined) return fallback;
  const text = readFirst(env, [name], "").trim();
  const value = /^(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
  if (!(value > 0 && value <= 1)) throw new Error(`${name} must be a number in (0, 1], got "${text}"`);
  return value;
}

/** CAPTURE_FILE_ROOTS: absolute folders separated by the platform's path delimiter (":"). */
function readFileRoots(env: Env): string[] {
  const candidates = names("FILE_ROOTS");
  const name = candidates.find((candidate) => readFirst(env, [candidate]) !== undefined);
  if (name === undefined) return [];
  const roots = readFirst(env, [name], "")
    .split(delimiter)
    .map((root) => root.trim())
    .filter((root) => root !== "");
  for (const root of roots) {
    if (!root.startsWith("/")) throw new Error(`${name} must list absolute folders, got "${root}"`);
  }
  return roots.map((root) => resolve(root));
}

/**
 * The only reader of process.env for capture: checked here so a bad value fails at start.
 * The kit demands a domain API key and a signing secret; a standalone capture server needs
 * only CAPTURE_API_KEY (it issues no JWT that anything checks), so those are filled in.
 */
export function readCaptureProcessConfig(processEnv: Env = process.env): Env {
  const env = { ...processEnv };
  const captureKey = readFirst(env, CAPTURE_API_KEY_SETTINGS);
  if (captureKey !== undefined && readFirst(env, ["M3_CAPTURE_API_KEY", "M3_API_KEY"]) === undefined) {
    env.M3_CAPTURE_API_KEY = captureKey;
  }
  if (readFirst(env, ["M3_CAPTURE_SIGNING_SECRET", "M3_SIGNING_SECRET"]) === undefined) {
    env.M3_CAPTURE_SIGNING_SECRET = randomBytes(32).toString("hex");
  }
  readCaptureSettings(env, resolve(env.M3_DATA_DIR || "./data"), "unchecked");
  return env;
}
