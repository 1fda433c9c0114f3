/** HTTP scenarios of kb login, users, preferences and metrics, as a client calls them. */
import type { ExecutionContext } from "ava";
import {
  assertError,
  basicAuth,
  createUser,
  jwtPayload,
  type KbPeopleTarget,
  LOGIN_REFUSED,
  loginAs,
  uniqueName,
} from "../e2e/kb-people.js";

export interface Scenario {
  title: string;
  run(t: ExecutionContext, target: KbPeopleTarget): Promise<void>;
}

const login: Scenario = {
  title: "login: Admin and Maint get a JWT naming them; unknown, wrong and ReadOnly users are refused",
  async run(t, target) {
    const { http, admin } = target;
    const reply = await http.request("POST", "/kb/v1/auth/login", {
      auth: basicAuth(admin.username, admin.password, "BASIC"),
    });
    t.is(reply.status, 200, reply.text);
    t.like(reply.json, { token_type: "Bearer" });
    const token = `Bearer ${(reply.json as { access_token: string }).access_token}`;
    t.like(jwtPayload(token), { name: admin.username, role: "Admin" });
    t.regex(String(jwtPayload(token).sub), /^\d+$/);
    const maint = await createUser(target, "Maint");
    t.like(jwtPayload(await loginAs(http, maint, `pw-${maint}`)), { name: maint, role: "Maint" });
    const reader = await createUser(target, "ReadOnly");
    const attempt = (user: string, password: string) =>
      http.request("POST", "/kb/v1/auth/login", { auth: basicAuth(user, password) });
    assertError(t, await attempt(reader, `pw-${reader}`), 401, LOGIN_REFUSED);
    assertError(t, await attempt(maint, "wrong"), 401, LOGIN_REFUSED);
    assertError(t, await attempt("nobody-here", "x"), 401, LOGIN_REFUSED);
    assertError(t, await http.request("POST", "/kb/v1/auth/login"), 401);
  },
};

const userReads: Scenario = {
  title: "users: reads need a JWT and never show password digests",
  async run(t, target) {
    const { http, admin } = target;
    assertError(t, await http.get("/kb/v1/users"), 401, "Missing token");
    const maint = await createUser(target, "Maint");
    const list = await http.get("/kb/v1/users", { auth: true });
    t.is(list.status, 200, list.text);
    const users = list.json as Record<string, unknown>[];
    t.true(users.some((user) => user.username === admin.username));
    const one = users.find((user) => user.username === maint);
    t.like(one, { role: "Maint", password: null, isEncrypted: true, firstName: null, email: null });
    t.is(typeof one?.id, "number");
    const byName = await http.get(`/kb/v1/users/${maint}`, { auth: true });
    t.deepEqual(byName.json, one);
    const byRole = await http.get("/kb/v1/users/role/Maint", { auth: true });
    t.true((byRole.json as { role: string }[]).every((user) => user.role === "Maint"));
    t.true((byRole.json as { username: string }[]).some((user) => user.username === maint));
    assertError(t, await http.get("/kb/v1/users/role/%25", { auth: true }), 400, /role/);
    const bySpecName = (await http.get("/kb/v1/users/role/maintenance", { auth: true })).json as {
      username: string;
      role: string;
    }[];
    t.true(
      bySpecName.every((user) => user.role === "Maint") && bySpecName.some((user) => user.username === maint),
    );
    assertError(
      t,
      await http.get("/kb/v1/users/ghost-user", { auth: true }),
      404,
      "User account not found: ghost-user",
    );
  },
};

const userWrites: Scenario = {
  title: "users: an Admin or the API key's token creates, changes and deletes users; input is validated",
  async run(t, target) {
    const { http, admin } = target;
    const adminAuth = await loginAs(http, admin.username, admin.password);
    const username = uniqueName("form");
    const byService = uniqueName("svc");
    const serviceCreated = await http.post("/kb/v1/users", {
      json: { username: byService, password: "x", role: "User" },
    });
    t.is(serviceCreated.status, 200, serviceCreated.text);
    t.like(serviceCreated.json, { username: byService, role: "User" });
    const maint = await createUser(target, "Maint");
    const maintAuth = await loginAs(http, maint, `pw-${maint}`);
    assertError(
      t,
      await http.post("/kb/v1/users", { auth: maintAuth, json: { username, password: "x" } }),
      403,
    );
    const created = await http.post("/kb/v1/users", {
      auth: adminAuth,
      form: {
        username,
        password: "secret",
        role: "Maint",
        first_name: "Ann",
        last_name: "Lee",
        email: "a@b.org",
      },
    });
    t.is(created.status, 200, created.text);
    t.like(created.json, {
      username,
      role: "Maint",
      firstName: "Ann",
      lastName: "Lee",
      password: null,
      affiliation: null,
    });
    assertError(
      t,
      await http.post("/kb/v1/users", { auth: adminAuth, json: { username, password: "x" } }),
      409,
    );
    const badRole = await http.post("/kb/v1/users", {
      auth: adminAuth,
      json: { username: uniqueName("r"), password: "x", role: "Boss" },
    });
    assertError(t, badRole, 400, /role/);
    const updated = await http.put(`/kb/v1/users/${username}`, {
      auth: adminAuth,
      json: { role: "ReadOnly", affiliation: "MBARI", password: "new-secret" },
    });
    t.like(updated.json, {
      username,
      role: "ReadOnly",
      affiliation: "MBARI",
      firstName: "Ann",
      password: null,
    });
    assertError(
      t,
      await http.put(`/kb/v1/users/${username}`, { auth: maintAuth, json: { role: "Admin" } }),
      403,
    );
    assertError(
      t,
      await http.put("/kb/v1/users/ghost-user", { auth: adminAuth, json: { role: "Maint" } }),
      404,
    );
    const deleted = await http.delete(`/kb/v1/users/${username}`, { auth: adminAuth });
    t.is(deleted.status, 200, deleted.text);
    t.deepEqual(deleted.json, {});
    assertError(t, await http.get(`/kb/v1/users/${username}`, { auth: true }), 404);
    assertError(t, await http.delete(`/kb/v1/users/${admin.username}`, { auth: adminAuth }), 400, /Admin/);
  },
};

const preferences: Scenario = {
  title: "prefs: any JWT writes, the prefix search is open, listing is for admins and the API key's token",
  async run(t, target) {
    const { http, admin } = target;
    const node = uniqueName("kb-ui/");
    assertError(
      t,
      await http.post("/kb/v1/prefs", { auth: false, json: { name: node, key: "a", value: "1" } }),
      401,
    );
    const created = await http.post("/kb/v1/prefs", { json: { name: node, key: "panels", value: "p1" } });
    t.deepEqual(created.json, { name: node, key: "panels", value: "p1" });
    t.is(
      (await http.post("/kb/v1/prefs", { form: { name: node, key: "concepts", value: "c1" } })).status,
      200,
    );
    assertError(
      t,
      await http.post("/kb/v1/prefs", { json: { name: node, key: "panels", value: "again" } }),
      409,
    );
    const prefix = await http.get(`/kb/v1/prefs/startswith?prefix=${encodeURIComponent(node)}`);
    t.deepEqual(prefix.json, [
      { name: node, key: "concepts", value: "c1" },
      { name: node, key: "panels", value: "p1" },
    ]);
    const updated = await http.put(`/kb/v1/prefs?name=${encodeURIComponent(node)}&key=panels`, {
      form: { value: "p2" },
    });
    t.deepEqual(updated.json, { name: node, key: "panels", value: "p2" });
    const byBody = await http.put("/kb/v1/prefs", { json: { name: node, key: "concepts", value: "c2" } });
    t.deepEqual(byBody.json, { name: node, key: "concepts", value: "c2" });
    const missing = await http.put(`/kb/v1/prefs?name=${encodeURIComponent(node)}`, { json: { value: "x" } });
    assertError(t, missing, 400, "key is required");
    const byService = await http.get(`/kb/v1/prefs?name=${encodeURIComponent(node)}&key=panels`, {
      auth: true,
    });
    t.deepEqual(byService.json, [{ name: node, key: "panels", value: "p2" }]);
    const reader = await createUser(target, "Annotator");
    const readerAuth = await loginAs(http, reader, `pw-${reader}`);
    assertError(
      t,
      await http.get(`/kb/v1/prefs?name=${encodeURIComponent(node)}`, { auth: readerAuth }),
      403,
    );
    // A user reads their own node, as the KB Editor does for every user at sign-in.
    const ownNode = `kb-ui/${reader}`;
    await http.post("/kb/v1/prefs", {
      auth: readerAuth,
      json: { name: ownNode, key: "settings", value: "s1" },
    });
    const own = await http.get(`/kb/v1/prefs?name=${encodeURIComponent(ownNode)}&key=settings`, {
      auth: readerAuth,
    });
    t.deepEqual(own.json, [{ name: ownNode, key: "settings", value: "s1" }]);
    const adminAuth = await loginAs(http, admin.username, admin.password);
    const listed = await http.get(`/kb/v1/prefs?name=${encodeURIComponent(node)}&key=panels`, {
      auth: adminAuth,
    });
    t.deepEqual(listed.json, [{ name: node, key: "panels", value: "p2" }]);
    const deleted = await http.delete(`/kb/v1/prefs?name=${encodeURIComponent(node)}&key=panels`);
    t.deepEqual(deleted.json, {});
    assertError(t, await http.delete(`/kb/v1/prefs?name=${encodeURIComponent(node)}&key=panels`), 404);
    t.is(
      (await http.get(`/kb/v1/prefs?name=${encodeURIComponent(node)}`, { auth: adminAuth })).text.includes(
        "panels",
      ),
      false,
    );
  },
};

const metrics: Scenario = {
  title: "metrics: GET /kb/v1/metrics serves the Prometheus text without a token",
  async run(t, { http }) {
    const reply = await http.get("/kb/v1/metrics");
    t.is(reply.status, 200, reply.text);
    t.regex(reply.headers.get("content-type") ?? "", /^text\/plain/);
    t.regex(reply.text, /^# HELP process_cpu_user_seconds_total /m);
  },
};

export const PEOPLE_SCENARIOS: readonly Scenario[] = [login, userReads, userWrites, preferences, metrics];
