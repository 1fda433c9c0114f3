import test from "ava";
import { ensureAdminUser, peopleSchema } from "../../../../services/kb/people/people-part.js";
import { verifyPassword } from "../../../../services/kb/people/services/password-hash.js";
import { UserAccountService } from "../../../../services/kb/people/services/user-account.service.js";
import {
  BACKENDS,
  closeKbStorages,
  openKbStorage,
  rejectsWith,
  unique,
} from "../../../support/kb/people-storage.js";

test.after.always(closeKbStorages);

async function openUsers(backend: (typeof BACKENDS)[number]) {
  const storage = await openKbStorage(backend, [peopleSchema]);
  return { storage, users: new UserAccountService(storage) };
}

for (const backend of BACKENDS) {
  test(`${backend}: create stores a scrypt digest, defaults the role to ReadOnly and lists in creation order`, async (t) => {
    const { storage, users } = await openUsers(backend);
    const alice = await users.create({
      username: "alice",
      password: "pw1",
      firstName: "Alice",
      email: "a@x.org",
    });
    const bob = await users.create({ username: "bob", password: "pw2", role: "Admin" });
    t.like(alice, {
      username: "alice",
      role: "ReadOnly",
      firstName: "Alice",
      lastName: null,
      email: "a@x.org",
    });
    t.true(alice.id < bob.id);
    t.true(await verifyPassword("pw1", alice.passwordHash));
    t.regex(alice.passwordHash, /^scrypt\$/);
    t.deepEqual(
      (await users.list()).map((user) => user.username),
      ["alice", "bob"],
    );
    t.deepEqual({ ...(await users.get("alice")) }, { ...alice });
    const stored = await storage.read((manager) =>
      manager.query("SELECT password_hash FROM user_accounts WHERE username = 'alice'"),
    );
    t.is(stored[0].password_hash, alice.passwordHash);
  });

  test(`${backend}: create refuses duplicates, unknown roles and missing fields`, async (t) => {
    const { users } = await openUsers(backend);
    await users.create({ username: "carol", password: "pw" });
    await rejectsWith(
      t,
      users.create({ username: "carol", password: "x" }),
      "ALREADY_EXISTS",
      /carol already exists/,
    );
    await rejectsWith(
      t,
      users.create({ username: "dave", password: "x", role: "Boss" }),
      "INVALID_ARGUMENT",
      /role/,
    );
    await rejectsWith(t, users.create({ username: "dave" }), "INVALID_ARGUMENT", /password/);
    await rejectsWith(t, users.create({ password: "x" }), "INVALID_ARGUMENT", /username/);
    t.is((await users.list()).length, 1);
  });

  test(`${backend}: listByRole matches the stored role, named in the spec's or the legacy form`, async (t) => {
    const { users } = await openUsers(backend);
    await users.create({ username: "a1", password: "x", role: "Admin" });
    await users.create({ username: "m1", password: "x", role: "Maint" });
    await users.create({ username: "a2", password: "x", role: "Admin" });
    t.deepEqual(
      (await users.listByRole("Admin")).map((user) => user.username),
      ["a1", "a2"],
    );
    t.deepEqual(
      (await users.listByRole("admin")).map((user) => user.username),
      ["a1", "a2"],
    );
    t.deepEqual(
      (await users.listByRole("maintenance")).map((user) => user.username),
      ["m1"],
    );
    await rejectsWith(t, users.listByRole("%"), "INVALID_ARGUMENT", /role must be one of/);
  });

  test(`${backend}: a role is kept as the client spelled it and still means its role`, async (t) => {
    const { users } = await openUsers(backend);
    t.is((await users.create({ username: "u1", password: "x", role: "User" })).role, "User");
    t.is((await users.create({ username: "u2", password: "x", role: "annotator" })).role, "annotator");
    t.is((await users.create({ username: "b1", password: "x", role: "admin" })).role, "admin");
    t.is((await users.create({ username: "m1", password: "x", role: "maintenance" })).role, "Maint");
    t.deepEqual(
      (await users.listByRole("USER")).map((user) => user.username),
      ["u1", "u2"],
    );
    t.deepEqual(
      (await users.listByRole("Admin")).map((user) => user.username),
      ["b1"],
    );
    await rejectsWith(t, users.delete("b1"), "FAILED_PRECONDITION", /one Admin/);
    t.is((await users.update("u1", { role: "ReadOnly" })).role, "ReadOnly");
  });

  test(`${backend}: get of an unknown user is NOT_FOUND with the legacy message`, async (t) => {
    const { users } = await openUsers(backend);
    await rejectsWith(t, users.get("nobody"), "NOT_FOUND", /^User account not found: nobody$/);
  });

  test(`${backend}: update changes only the given fields, re-hashes passwords and validates the role`, async (t) => {
    const { users } = await openUsers(backend);
    const created = await users.create({
      username: "erin",
      password: "old",
      firstName: "E",
      affiliation: "MBARI",
    });
    const updated = await users.update("erin", { password: "new", role: "Maint", affiliation: "" });
    t.like(updated, { username: "erin", role: "Maint", firstName: "E", affiliation: null, id: created.id });
    t.deepEqual({ ...(await users.get("erin")) }, { ...updated });
    t.true(await verifyPassword("new", updated.passwordHash));
    await rejectsWith(t, users.update("erin", { role: "Boss" }), "INVALID_ARGUMENT", /role/);
    await rejectsWith(t, users.update("ghost", { role: "Maint" }), "NOT_FOUND", /ghost does not exist/);
  });

  test(`${backend}: the last Admin can be neither demoted nor deleted`, async (t) => {
    const { users } = await openUsers(backend);
    await users.create({ username: "root", password: "x", role: "Admin" });
    await rejectsWith(t, users.update("root", { role: "Maint" }), "FAILED_PRECONDITION", /Admin/);
    await rejectsWith(t, users.delete("root"), "FAILED_PRECONDITION", /Admin/);
    await users.create({ username: "root2", password: "x", role: "Admin" });
    await users.delete("root");
    await rejectsWith(t, users.get("root"), "NOT_FOUND");
    await rejectsWith(t, users.delete("root"), "NOT_FOUND", /root does not exist/);
  });

  test(`${backend}: ensureAdminUser creates the first Admin only once`, async (t) => {
    const { storage, users } = await openUsers(backend);
    const name = unique("admin");
    t.deepEqual(await ensureAdminUser(storage, { username: name, password: "pw" }), { created: true });
    t.deepEqual(await ensureAdminUser(storage, { username: "other", password: "pw2" }), { created: false });
    const admins = await users.listByRole("Admin");
    t.deepEqual(
      admins.map((user) => user.username),
      [name],
    );
    t.true(await verifyPassword("pw", admins[0]?.passwordHash ?? ""));
  });
}
