import test from "ava";
import { VerifiedTokens } from "../../../services/kit/auth/verified-tokens.js";

const CLAIMS = { iss: "http://www.mbari.org", exp: 2_000, name: "brian" };

test("a remembered token gives its claims until it stops being valid, then is forgotten", (t) => {
  const tokens = new VerifiedTokens();
  tokens.remember("a.b.c", CLAIMS, 2_030_000);
  t.deepEqual(tokens.claimsOf("a.b.c", 2_029_999), CLAIMS);
  t.is(tokens.claimsOf("a.b.c", 2_030_000), undefined);
  t.is(tokens.claimsOf("a.b.c", 1_000), undefined, "an expired token is not kept for a clock that goes back");
});

test("a token never remembered has no claims", (t) => {
  t.is(new VerifiedTokens().claimsOf("x.y.z", 0), undefined);
});

test("each caller gets its own copy of the claims", (t) => {
  const tokens = new VerifiedTokens();
  const claims = { ...CLAIMS };
  tokens.remember("a.b.c", claims, 10_000);
  claims.name = "changed after remembering";
  const first = tokens.claimsOf("a.b.c", 0) as Record<string, unknown>;
  first.name = "changed by a caller";
  t.is(tokens.claimsOf("a.b.c", 0)?.name, "brian");
});

test("when full, the oldest token is forgotten first", (t) => {
  const tokens = new VerifiedTokens(2);
  tokens.remember("one", CLAIMS, 10_000);
  tokens.remember("two", CLAIMS, 10_000);
  tokens.remember("two", CLAIMS, 10_000);
  tokens.remember("three", CLAIMS, 10_000);
  t.is(tokens.claimsOf("one", 0), undefined);
  t.truthy(tokens.claimsOf("two", 0));
  t.truthy(tokens.claimsOf("three", 0));
});
