/**
 * HTTP scenarios of the kb's login, users, preferences and metrics, run by the e2e tests
 * (whole platform) and by the people-stack integration tests (these parts alone).
 */
import { randomBytes } from "node:crypto";
import type { ExecutionContext, TestFn } from "ava";
import { basicAuth, HttpClient, type HttpReply } from "../../../tools/dev/fixtures/http-client.js";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { type Backend, KB_BACKENDS, startTestPlatform, type TestPlatform } from "./test-platform.js";

export const KB_AUTH_PATH = "/kb/v1/auth";
export const LOGIN_REFUSED =
  "Unable to login. Check your username and password and verify that you are an administrator or maintainer";

export interface KbPeopleTarget {
  http: HttpClient;
  admin: { username: string; password: string };
  /** The platform's JWT signing secret, for tests that forge expired tokens. */
  signingSecret?: string;
}

/** Logs in with HTTP Basic and returns the `Authorization` value carrying the user's JWT. */
export async function loginAs(http: HttpClient, username: string, password: string): Promise<string> {
  const reply = await http.request("POST", "/kb/v1/auth/login", { auth: basicAuth(username, password) });
  if (reply.status !== 200) throw new Error(`login of ${username} failed: ${reply.status} ${reply.text}`);
  return `Bearer ${(reply.json as { access_token: string }).access_token}`;
}

export function jwtPayload(authorization: string): Record<string, unknown> {
  const token = authorization.replace(/^Bearer /, "");
  return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
}

export function uniqueName(prefix: string): string {
  return `${prefix}${randomBytes(4).toString("hex")}`;
}

/** Creates a user as the admin and returns its name (the password is "pw-<name>"). */
export async function createUser(target: KbPeopleTarget, role: string): Promise<string> {
  const adminAuth = await loginAs(target.http, target.admin.username, target.admin.password);
  const username = uniqueName(role.toLowerCase());
  const reply = await target.http.post("/kb/v1/users", {
    auth: adminAuth,
    json: { username, password: `pw-${username}`, role },
  });
  if (reply.status !== 200) throw new Error(`could not create ${username}: ${reply.status} ${reply.text}`);
  return username;
}

export function assertError(
  t: ExecutionContext,
  reply: HttpReply,
  status: number,
  message?: string | RegExp,
): void {
  t.is(reply.status, status, reply.text);
  t.is((reply.json as { responseCode?: number } | undefined)?.responseCode, status, reply.text);
  const actual = (reply.json as { message?: string } | undefined)?.message ?? "";
  if (typeof message === "string") t.is(actual, message);
  else if (message) t.regex(actual, message);
}

/** Starts one platform per kb backend with a first admin (M3_ADMIN_USER / M3_ADMIN_PASSWORD). */
export function useKbPlatforms(test: TestFn): (backend: Backend) => KbPeopleTarget {
  const admin = { username: "kbadmin", password: randomBytes(8).toString("hex") };
  const platforms = new Map<Backend, TestPlatform>();
  test.before(async () => {
    for (const backend of KB_BACKENDS) {
      platforms.set(
        backend,
        await startTestPlatform(backend, {
          M3_ADMIN_USER: admin.username,
          M3_ADMIN_PASSWORD: admin.password,
        }),
      );
    }
  });
  test.after.always(async () => {
    await Promise.allSettled([...platforms.values()].map((platform) => platform.stop()));
    await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
  });
  return (backend) => {
    const platform = platforms.get(backend);
    if (!platform) throw new Error(`the ${backend} platform did not start`);
    return {
      http: new HttpClient(platform.http.baseUrl, platform.apiKey, KB_AUTH_PATH),
      admin,
      signingSecret: platform.signingSecret,
    };
  };
}

export { type Backend, basicAuth, KB_BACKENDS };
