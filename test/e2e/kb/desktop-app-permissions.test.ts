import test from "ava";
import {
  assertError,
  createUser,
  KB_BACKENDS,
  loginAs,
  uniqueName,
  useKbPlatforms,
} from "../../support/e2e/kb-people.js";

const platform = useKbPlatforms(test);

interface UserJson {
  username: string;
  role: string;
}

for (const backend of KB_BACKENDS) {
  test(`${backend}: the desktop app manages users and reads prefs with the API key's token`, async (t) => {
    const { http } = platform(backend);
    const username = uniqueName("annotator");
    const created = await http.post("/kb/v1/users", {
      json: { username, password: "pw-1", role: "User", firstName: "Ann" },
    });
    t.is(created.status, 200, created.text);
    t.like(created.json, { username, role: "User", firstName: "Ann" });
    const updated = await http.put(`/kb/v1/users/${username}`, { json: { role: "Maint" } });
    t.like(updated.json, { username, role: "Maint" });
    const node = `kb-ui/${username}`;
    await http.post("/kb/v1/prefs", { json: { name: node, key: "settings", value: "dark" } });
    const prefs = await http.get(`/kb/v1/prefs?name=${encodeURIComponent(node)}`, { auth: true });
    t.is(prefs.status, 200, prefs.text);
    t.deepEqual(prefs.json, [{ name: node, key: "settings", value: "dark" }]);
    t.deepEqual((await http.delete(`/kb/v1/users/${username}`)).json, {});
  });

  test(`${backend}: legacy role names in any case map to the four roles and come back as sent`, async (t) => {
    const { http } = platform(backend);
    const sent = ["User", "user", "Admin", "admin", "Maint", "MAINT", "ReadOnly", "readonly", "Annotator"];
    const names: Record<string, string> = {};
    for (const role of sent) {
      const username = uniqueName("r");
      names[role] = username;
      const reply = await http.post("/kb/v1/users", { json: { username, password: `pw-${username}`, role } });
      t.is(reply.status, 200, `${role}: ${reply.text}`);
      t.is((reply.json as UserJson).role, role);
      t.is(((await http.get(`/kb/v1/users/${username}`, { auth: true })).json as UserJson).role, role);
    }
    const annotators = (await http.get("/kb/v1/users/role/annotator", { auth: true })).json as UserJson[];
    for (const role of ["User", "user", "Annotator"]) {
      t.true(
        annotators.some((user) => user.username === names[role]),
        role,
      );
    }
    const lowerAdmin = names.admin as string;
    const adminAuth = await loginAs(http, lowerAdmin, `pw-${lowerAdmin}`);
    const claims = JSON.parse(Buffer.from(adminAuth.split(".")[1] ?? "", "base64url").toString("utf8"));
    t.is(claims.role, "Admin", "the token carries the legacy spelling the KB Editor checks");
    const byLowerAdmin = await http.post("/kb/v1/users", {
      auth: adminAuth,
      json: { username: uniqueName("x"), password: "pw", role: "readonly" },
    });
    t.is(byLowerAdmin.status, 200, byLowerAdmin.text);
    assertError(
      t,
      await http.post("/kb/v1/users", { json: { username: uniqueName("x"), password: "pw", role: "Boss" } }),
      400,
      /role/,
    );
  });

  test(`${backend}: user tokens keep their role rules`, async (t) => {
    const target = platform(backend);
    const maint = await createUser(target, "Maint");
    const maintAuth = await loginAs(target.http, maint, `pw-${maint}`);
    const denied = await target.http.post("/kb/v1/users", {
      auth: maintAuth,
      json: { username: uniqueName("x"), password: "pw" },
    });
    assertError(t, denied, 403);
    assertError(t, await target.http.get("/kb/v1/prefs?name=kb-app", { auth: maintAuth }), 403);
    const annotator = await createUser(target, "User");
    const annotatorAuth = await loginAs(target.http, annotator, `pw-${annotator}`);
    assertError(
      t,
      await target.http.post("/kb/v1/concept", { auth: annotatorAuth, json: { name: uniqueName("c") } }),
      403,
    );
  });
}
