import test from "ava";
import { decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from "jose";
import { signingKeyId, TokenService } from "../../../services/kit/auth/token-service.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";

const SECRET = "signing-secret";
const ISSUER = "http://www.mbari.org";
const tokens = new TokenService({ signingSecret: SECRET, issuer: ISSUER });
const key = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);

test("issued tokens are HS512 JWTs with iss, iat and exp one day later", async (t) => {
  const token = await tokens.issue();
  t.deepEqual(decodeProtectedHeader(token), { alg: "HS512", typ: "JWT", kid: signingKeyId(SECRET) });
  const claims = decodeJwt(token);
  t.deepEqual(Object.keys(claims).sort(), ["exp", "iat", "iss"]);
  t.is(claims.iss, ISSUER);
  t.true(Math.abs((claims.iat ?? 0) - now()) <= 1);
  t.is(claims.exp, (claims.iat ?? 0) + 86_400);
});

test("the lifetime can be shortened", async (t) => {
  const claims = decodeJwt(
    await new TokenService({ signingSecret: SECRET, issuer: ISSUER, ttlSeconds: 60 }).issue(),
  );
  t.is(claims.exp, (claims.iat ?? 0) + 60);
});

test("extra claims are carried but never replace iss, iat or exp", async (t) => {
  const token = await tokens.issue({ name: "brian", role: "admin", iss: "forged", exp: 1 });
  const claims = await tokens.verifyClaims(token);
  t.like(claims, { name: "brian", role: "admin", iss: ISSUER });
  t.true((claims.exp as number) > now());
});

test("a token it issued verifies", async (t) => {
  await t.notThrowsAsync(tokens.verify(await tokens.issue()));
});

const sign = (claims: Record<string, unknown>, alg = "HS512", secret = key) =>
  new SignJWT(claims).setProtectedHeader({ alg, typ: "JWT" }).sign(secret);

const rejected: [string, () => Promise<string>][] = [
  ["an expired token", () => sign({ iss: ISSUER, iat: now() - 7200, exp: now() - 3600 })],
  ["a token of another issuer", () => sign({ iss: "https://other.example", iat: now(), exp: now() + 60 })],
  ["a token without exp", () => sign({ iss: ISSUER, iat: now() })],
  ["a token issued in the future", () => sign({ iss: ISSUER, iat: now() + 3600, exp: now() + 7200 })],
  ["a token not valid yet", () => sign({ iss: ISSUER, iat: now(), nbf: now() + 3600, exp: now() + 7200 })],
  ["a token signed with HS256", () => sign({ iss: ISSUER, iat: now(), exp: now() + 60 }, "HS256")],
  [
    "a token signed with another secret",
    () => sign({ iss: ISSUER, exp: now() + 60 }, "HS512", key.subarray(1)),
  ],
  ["an unsigned token", async () => new UnsecuredJWT({ iss: ISSUER, exp: now() + 60 }).encode()],
  ["a tampered token", async () => `${await tokens.issue()}x`],
  ["text that is no JWT", async () => "hello"],
];
for (const [kind, token] of rejected) {
  test(`${kind} is rejected as UNAUTHENTICATED 'Invalid token'`, async (t) => {
    const error = await t.throwsAsync(tokens.verify(await token()), { instanceOf: DomainError });
    t.like(error, { code: "UNAUTHENTICATED", message: "Invalid token" });
  });
}

test("an empty signing secret is refused", (t) => {
  t.throws(() => new TokenService({ signingSecret: "", issuer: ISSUER }), { message: /must not be empty/ });
});

test("after a rotation, tokens of the previous secret verify and new ones carry the new kid", async (t) => {
  const before = await tokens.issue({ name: "ann" });
  const rotated = new TokenService({
    signingSecret: "next-secret",
    previousSigningSecrets: [SECRET],
    issuer: ISSUER,
  });
  t.like(await rotated.verifyClaims(before), { name: "ann" });
  const after = await rotated.issue();
  t.is(decodeProtectedHeader(after).kid, signingKeyId("next-secret"));
  t.is(rotated.keyId, signingKeyId("next-secret"));
  await t.throwsAsync(tokens.verifyClaims(after), { message: "Invalid token" });
});

test("a token of a retired secret is refused, with or without its kid", async (t) => {
  const retired = new TokenService({ signingSecret: "retired-secret", issuer: ISSUER });
  const current = new TokenService({
    signingSecret: "next-secret",
    previousSigningSecrets: [SECRET],
    issuer: ISSUER,
  });
  await t.throwsAsync(current.verifyClaims(await retired.issue()), {
    instanceOf: DomainError,
    message: "Invalid token",
  });
  const withoutKid = await new SignJWT({})
    .setProtectedHeader({ alg: "HS512" })
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode("retired-secret"));
  await t.throwsAsync(current.verifyClaims(withoutKid), { message: "Invalid token" });
});

test("a legacy token without kid verifies against the current or a previous secret", async (t) => {
  const legacy = await new SignJWT({})
    .setProtectedHeader({ alg: "HS512" })
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(key);
  const rotated = new TokenService({
    signingSecret: "next-secret",
    previousSigningSecrets: [SECRET],
    issuer: ISSUER,
  });
  await t.notThrowsAsync(rotated.verifyClaims(legacy));
});

test("a token verified before verifies again with the same claims, a copy for each caller", async (t) => {
  const token = await tokens.issue({ name: "brian" });
  const first = await tokens.verifyClaims(token);
  first.name = "changed by the first caller";
  const second = await tokens.verifyClaims(token);
  t.is(second.name, "brian");
  t.deepEqual(Object.keys(second).sort(), ["exp", "iat", "iss", "name"]);
});

test("a token another service verified is still refused by a service without its secret", async (t) => {
  const token = await tokens.issue();
  await tokens.verifyClaims(token);
  const other = new TokenService({ signingSecret: "another-secret", issuer: ISSUER });
  await t.throwsAsync(other.verifyClaims(token), { instanceOf: DomainError });
});
