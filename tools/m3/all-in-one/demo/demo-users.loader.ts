import { DEMO_PASSWORD, DEMO_USERS } from "./demo-plan.js";
import type { PlatformClient } from "./platform-client.js";

export type DemoUsersResult =
  | { status: "checked"; created: string[]; present: string[] }
  | { status: "skipped"; reason: string };

const LOGIN = "m3.kb.v1.UserAuthService/Login";
const LIST_USERS = "m3.kb.v1.UserService/ListUsers";
const CREATE_USER = "m3.kb.v1.UserService/CreateUser";

/**
 * Creates the demo users the kb lacks, as its administrator (the kb lets only an Admin user
 * create users). Without the administrator's login nothing can be checked: skipped, with why.
 */
export async function loadDemoUsers(
  client: PlatformClient,
  admin: { username: string; password: string },
): Promise<DemoUsersResult> {
  let token: string;
  try {
    const basic = Buffer.from(`${admin.username}:${admin.password}`).toString("base64");
    token = (await client.json<{ access_token: string }>(LOGIN, { authorization: `Basic ${basic}` }))
      .access_token;
  } catch (error) {
    return {
      status: "skipped",
      reason: `the kb administrator ${admin.username} could not log in: ${(error as Error).message}`,
    };
  }
  const authorization = `Bearer ${token}`;
  const existing = new Set(
    (await client.json<{ username: string }[]>(LIST_USERS, { authorization })).map(
      ({ username }) => username,
    ),
  );
  const missing = DEMO_USERS.filter(({ username }) => !existing.has(username));
  await Promise.all(
    missing.map((user) =>
      client.json(CREATE_USER, {
        authorization,
        json: {
          username: user.username,
          password: DEMO_PASSWORD,
          role: user.role,
          firstName: user.firstName,
          lastName: user.lastName,
          affiliation: "m3 demo",
          email: `${user.username}@example.org`,
        },
      }),
    ),
  );
  return {
    status: "checked",
    created: missing.map(({ username }) => username),
    present: DEMO_USERS.filter(({ username }) => existing.has(username)).map(({ username }) => username),
  };
}
