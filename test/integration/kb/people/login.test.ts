import test from "ava";
import { createPrincipalResolver, peopleSchema } from "../../../../services/kb/people/people-part.js";
import { LoginService } from "../../../../services/kb/people/services/login.service.js";
import { LoginThrottle } from "../../../../services/kb/people/services/login-throttle.js";
import { UserAccountService } from "../../../../services/kb/people/services/user-account.service.js";
import { TokenService } from "../../../../services/kit/auth/token-service.js";
import type { CallContext } from "../../../../services/kit/grpc/bind-service.js";
import { Instant } from "../../../../services/kit/time/instant.js";
import { BACKENDS, closeKbStorages, openKbStorage, rejectsWith } from "../../../support/kb/people-storage.js";

test.after.always(closeKbStorages);

const LEGACY_ADMIN_HASH = "j5BLowjV73immQbiMAdqXzXkXaoqMgRY";
const REFUSED =
  /^Unable to login\. Check your username and password and verify that you are an administrator or maintainer$/;
const ADDRESS = "203.0.113.7";
const tokens = new TokenService({ signingSecret: "test-secret", issuer: "http://www.mbari.org" });
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

async function openPeople(backend: (typeof BACKENDS)[number]) {
  const storage = await openKbStorage(backend, [peopleSchema]);
  return {
    storage,
    users: new UserAccountService(storage),
    login: new LoginService(storage, tokens, new LoginThrottle(storage)),
    principals: createPrincipalResolver(storage),
  };
}

function ctxWith(claims: Record<string, unknown> | undefined): CallContext {
  return { claims } as unknown as CallContext;
}

for (const backend of BACKENDS) {
  test(`${backend}: Admin and Maint users log in and get a token naming them`, async (t) => {
    const { users, login } = await openPeople(backend);
    const maint = await users.create({ username: "maint", password: "pw", role: "Maint" });
    await users.create({ username: "boss", password: "pw", role: "Admin" });
    const claims = await tokens.verifyClaims(await login.login(basic("maint", "pw"), ADDRESS));
    t.like(claims, { sub: String(maint.id), name: "maint", role: "Maint", iss: "http://www.mbari.org" });
    t.like(await tokens.verifyClaims(await login.login(`BASIC ${basic("boss", "pw").slice(6)}`, ADDRESS)), {
      role: "Admin",
    });
  });

  test(`${backend}: login refuses unknown users, wrong passwords and ReadOnly users with one answer`, async (t) => {
    const { users, login } = await openPeople(backend);
    await users.create({ username: "reader", password: "pw", role: "ReadOnly" });
    await users.create({ username: "maint", password: "pw", role: "Maint" });
    await rejectsWith(t, login.login(basic("ghost", "pw"), ADDRESS), "UNAUTHENTICATED", REFUSED);
    await rejectsWith(t, login.login(basic("maint", "wrong"), ADDRESS), "UNAUTHENTICATED", REFUSED);
    await rejectsWith(t, login.login(basic("reader", "pw"), ADDRESS), "UNAUTHENTICATED", REFUSED);
    await rejectsWith(t, login.login(undefined, ADDRESS), "UNAUTHENTICATED", /Missing credentials/);
  });

  test(`${backend}: an imported jasypt digest logs in and is upgraded to scrypt`, async (t) => {
    const { storage, users, login } = await openPeople(backend);
    await storage.transaction((manager) =>
      manager.query(
        "INSERT INTO user_accounts (username, password_hash, role, last_updated_time) VALUES (?, ?, ?, ?)",
        ["admin", LEGACY_ADMIN_HASH, "Admin", Instant.now().toSql()],
      ),
    );
    await rejectsWith(t, login.login(basic("admin", "nimda"), ADDRESS), "UNAUTHENTICATED");
    t.is((await users.get("admin")).passwordHash, LEGACY_ADMIN_HASH);
    t.like(await tokens.verifyClaims(await login.login(basic("admin", "admin"), ADDRESS)), {
      name: "admin",
      role: "Admin",
    });
    const upgraded = (await users.get("admin")).passwordHash;
    t.regex(upgraded, /^scrypt\$/);
    t.like(await tokens.verifyClaims(await login.login(basic("admin", "admin"), ADDRESS)), { name: "admin" });
  });

  test(`${backend}: the principal comes from the stored user named by the token; an API-key token is the service`, async (t) => {
    const { users, principals } = await openPeople(backend);
    await users.create({ username: "boss", password: "pw", role: "Admin" });
    await users.create({ username: "maint", password: "pw", role: "Maint" });
    await users.create({ username: "reader", password: "pw", role: "ReadOnly" });
    t.deepEqual(await principals.resolve(ctxWith({ name: "maint", role: "Admin" })), {
      username: "maint",
      role: "Maint",
      isAdmin: false,
    });
    t.deepEqual(await principals.resolve(ctxWith({})), { username: "service", role: "Admin", isAdmin: true });
    t.is(await principals.resolve(ctxWith(undefined)), undefined);
    t.is(await principals.resolve(ctxWith({ name: "ghost" })), undefined);
    t.like(await principals.requireAdmin(ctxWith({ name: "boss" })), { isAdmin: true });
    t.like(await principals.requireWriter(ctxWith({ name: "maint" })), { username: "maint" });
    await rejectsWith(t, principals.requireAdmin(ctxWith({ name: "maint" })), "PERMISSION_DENIED", /`maint`/);
    await rejectsWith(
      t,
      principals.requireWriter(ctxWith({ name: "reader" })),
      "PERMISSION_DENIED",
      /`reader`/,
    );
    t.like(
      await principals.requireAdmin(ctxWith({})),
      { isAdmin: true },
      "the API key's token is a trusted service",
    );
    await rejectsWith(
      t,
      principals.requireWriter(ctxWith({ name: "ghost" })),
      "PERMISSION_DENIED",
      /^I'm sorry, I can not let you do that\.$/,
    );
  });
}
