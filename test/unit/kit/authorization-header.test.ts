import test from "ava";
import { apiKeyMatches, parseAuthorization } from "../../../services/kit/auth/authorization-header.js";

test("APIKEY and Bearer credentials parse with any scheme case", (t) => {
  t.deepEqual(parseAuthorization("APIKEY k1"), { kind: "apiKey", key: "k1" });
  t.deepEqual(parseAuthorization("ApiKey k1"), { kind: "apiKey", key: "k1" });
  t.deepEqual(parseAuthorization("apikey k1"), { kind: "apiKey", key: "k1" });
  t.deepEqual(parseAuthorization("Bearer a.b.c"), { kind: "bearer", token: "a.b.c" });
  t.deepEqual(parseAuthorization("BEARER a.b.c"), { kind: "bearer", token: "a.b.c" });
});

test("a value that is not exactly two space-separated parts of a known scheme is malformed", (t) => {
  for (const value of ["APIKEY", "APIKEY a b", "APIKEY  a", " APIKEY a", "APIKEY ", "Basic a", "APIKEY\ta"]) {
    t.deepEqual(parseAuthorization(value), { kind: "malformed" }, value);
  }
});

test("no value at all parses to undefined", (t) => {
  t.is(parseAuthorization(undefined), undefined);
  t.is(parseAuthorization(""), undefined);
});

test("API keys match only when equal", (t) => {
  t.true(apiKeyMatches("secret", "secret"));
  t.false(apiKeyMatches("secret", "Secret"));
  t.false(apiKeyMatches("secret", "secret "));
  t.false(apiKeyMatches("secret", ""));
});
