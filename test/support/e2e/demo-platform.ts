/**
 * The all-in-one process started as `npm start -- --demo` starts it, on a free loopback port,
 * and what the e2e tests read of the demo data through REST.
 */
import type { ChildProcess } from "node:child_process";
import { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import { startNodeScript, stopChild } from "../../../tools/dev/fixtures/node-process.js";

export const DEMO_TEST_SECRETS = {
  M3_API_KEY: "demo-test-key",
  M3_SIGNING_SECRET: "demo-test-signing-secret",
  M3_ADMIN_USER: "admin",
  M3_ADMIN_PASSWORD: "demo-test-admin",
};

export interface DemoProcess {
  http: HttpClient;
  /** Standard output up to the banner, the banner included. */
  banner: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Runs `<root>/tools/m3/all-in-one/main.ts --demo` from `root` with the test secrets and `env`. */
export async function startDemoProcess(options: {
  root: string;
  env: Record<string, string>;
}): Promise<DemoProcess> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("M3_") && !name.startsWith("CAPTURE_")),
  );
  const { child, readyLine, output } = await startNodeScript(
    `${options.root}/tools/m3/all-in-one/main.ts`,
    {
      ...inherited,
      ...DEMO_TEST_SECRETS,
      PORT: "0",
      M3_HOST: "127.0.0.1",
      M3_LOG_LEVEL: "warn",
      ...options.env,
    },
    "m3 is running at",
    [],
    { args: ["--demo"], cwd: options.root },
  );
  const baseUrl = readyLine.slice(readyLine.indexOf("http")).trim();
  return {
    http: new HttpClient(baseUrl, DEMO_TEST_SECRETS.M3_API_KEY),
    banner: output,
    child,
    stop: () => stopChild(child),
  };
}

export interface MediaJson {
  video_reference_uuid: string;
  video_name: string;
  uri: string;
  container?: string;
  width?: number;
  height?: number;
  frame_rate?: number;
  duration_millis?: number;
}

export interface AnnotationJson {
  observation_uuid: string;
  concept: string;
  elapsed_time_millis: number;
  associations: { link_name: string }[];
  image_references: { url: string }[];
  ancillary_data?: Record<string, number>;
}

/** The demo's dives as the platform holds them: media and annotation counts, users, images. */
export async function demoSnapshot(http: HttpClient, diveNames: readonly string[]) {
  const names = (await http.get("/vam/v1/videosequences/names")).json as string[];
  const dives: Record<string, { media: string[]; annotations: number; images: number }> = {};
  for (const name of diveNames) {
    const media = (await http.get(`/vam/v1/media/videosequence/${encodeURIComponent(name)}`))
      .json as MediaJson[];
    let annotations = 0;
    let images = 0;
    for (const { video_reference_uuid } of media) {
      annotations += (
        (await http.get(`/anno/v1/observations/videoreference/count/${video_reference_uuid}`)).json as {
          count: number;
        }
      ).count;
      images += ((await http.get(`/anno/v1/images/videoreference/${video_reference_uuid}`)).json as unknown[])
        .length;
    }
    dives[name] = { media: media.map(({ uri }) => uri).sort(), annotations, images };
  }
  const adminToken = await login(http, DEMO_TEST_SECRETS.M3_ADMIN_USER, DEMO_TEST_SECRETS.M3_ADMIN_PASSWORD);
  const users = (await http.get("/kb/v1/users", { auth: `Bearer ${adminToken}` })).json as {
    username: string;
  }[];
  return { names: [...names].sort(), dives, users: users.map(({ username }) => username).sort() };
}

/** The access token of a kb login with HTTP Basic credentials; throws on any other status than 200. */
export async function login(http: HttpClient, username: string, password: string): Promise<string> {
  const reply = await loginReply(http, username, password);
  if (reply.status !== 200) throw new Error(`${username} could not log in: ${reply.status} ${reply.text}`);
  return (reply.json as { access_token: string }).access_token;
}

export function loginReply(http: HttpClient, username: string, password: string) {
  const basic = Buffer.from(`${username}:${password}`).toString("base64");
  return http.post("/kb/v1/auth/login", { auth: `Basic ${basic}` });
}
