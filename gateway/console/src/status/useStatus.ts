import { ApiError } from "../api/api-error";
import { anno, dataOf, kb, vam } from "../api/client";
import { getJson } from "../api/http";
import { useAsync } from "../composables/useAsync";

/** The REST surface of each domain: where its health route and its OpenAPI page are. */
export const DOMAINS = [
  { domain: "kb", title: "Knowledge base", base: "/kb/v1", health: "/kb/v1/health" },
  { domain: "annotation", title: "Annotations", base: "/anno/v1", health: "/anno/v1/health" },
  { domain: "registry", title: "Video registry", base: "/vam/v1", health: "/vam/v1/health" },
  { domain: "config", title: "Configuration", base: "/config", health: "/config/health" },
  { domain: "capture", title: "Frame capture", base: "/capture", health: "/capture/health" },
  { domain: "upload", title: "Image upload", base: "/panoptes/v1", health: "/panoptes/v1/health" },
] as const;

interface Readiness {
  status: string;
  domains: Record<string, string>;
  databases: Record<string, string>;
}

export interface DomainStatus {
  domain: string;
  title: string;
  docs: string;
  up: boolean;
  /** Why the domain is shown red; undefined when it is up. */
  reason?: string;
  version?: string;
  database?: string;
}

export interface Count {
  label: string;
  value?: number;
  error?: string;
}

/** /status answers 503 with its body when a domain is down: the body is what the page shows. */
async function readReadiness(): Promise<Readiness> {
  const response = await fetch("/status");
  const body = (await response.json().catch(() => undefined)) as Readiness | undefined;
  if (body?.domains === undefined) throw new ApiError("GET /status", response.status, response.statusText);
  return body;
}

async function versionOf(path: string): Promise<string> {
  const health = await getJson<Record<string, unknown>>(path);
  return String(health.version ?? health.status ?? "up");
}

/** Readiness and every domain's version are asked at once: the first load waits for one round trip, not two. */
async function domainStatuses(): Promise<DomainStatus[]> {
  const versions = DOMAINS.map(({ health }) => versionOf(health));
  // Each version's failure is read below, per domain; none is left unhandled meanwhile.
  for (const version of versions) version.catch(() => {});
  const readiness = await readReadiness();
  return Promise.all(
    DOMAINS.map(async ({ domain, title, base }, index) => {
      const state = readiness.domains[domain] ?? "UNKNOWN";
      const database = readiness.databases[domain];
      const status: DomainStatus = { domain, title, docs: `${base}/docs`, up: state === "SERVING", database };
      if (!status.up) status.reason = `the domain answers ${state}`;
      else if (database !== undefined && database !== "ok") {
        status.up = false;
        status.reason = `its database is ${database}`;
      }
      try {
        status.version = await versions[index];
      } catch (error) {
        status.up = false;
        status.reason ??= (error as Error).message;
      }
      return status;
    }),
  );
}

const lengthOf = (list: unknown) => (Array.isArray(list) ? list.length : 0);
const countIn = (body: unknown) =>
  typeof body === "number" ? body : Number((body as { count?: unknown } | undefined)?.count ?? Number.NaN);

/** One count per kind of record, each failing on its own. */
async function counts(): Promise<Count[]> {
  const sources: [string, () => Promise<number>][] = [
    ["Concepts", async () => countIn(await dataOf(kb.GET("/v1/concept/count")))],
    ["Annotations", async () => countIn(await dataOf(anno.GET("/v1/fast/count")))],
    ["Imaged moments", async () => countIn(await dataOf(anno.GET("/v1/imagedmoments/count/all")))],
    ["Images", async () => countIn(await dataOf(anno.GET("/v1/imagedmoments/count/images")))],
    ["Video sequences", async () => lengthOf(await dataOf(vam.GET("/v1/videosequences/names")))],
    ["Videos", async () => lengthOf(await dataOf(vam.GET("/v1/videos")))],
    ["Video files (media)", async () => lengthOf(await dataOf(vam.GET("/v1/videoreferences")))],
  ];
  return Promise.all(
    sources.map(async ([label, read]) => {
      try {
        return { label, value: await read() };
      } catch (error) {
        return { label, error: (error as Error).message };
      }
    }),
  );
}

export function useStatus() {
  const domains = useAsync(domainStatuses);
  const totals = useAsync(counts);
  const refresh = () => Promise.all([domains.run(), totals.run()]);
  return { domains, totals, refresh };
}
