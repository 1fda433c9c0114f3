import test from "ava";
import { parseBasicCredentials } from "../../../../services/kb/people/services/basic-credentials.js";

const basic = (text: string) => Buffer.from(text, "utf8").toString("base64");

test("Basic credentials are read with any scheme case, splitting at the first colon", (t) => {
  t.deepEqual(parseBasicCredentials(`Basic ${basic("alice:pa:ss")}`), {
    username: "alice",
    password: "pa:ss",
  });
  t.deepEqual(parseBasicCredentials(`BASIC ${basic("bob:")}`), { username: "bob", password: "" });
  t.deepEqual(parseBasicCredentials(`basic ${basic("j\u00fcrgen:x")}`), {
    username: "j\u00fcrgen",
    password: "x",
  });
});

test("missing or malformed Basic credentials are UNAUTHENTICATED", (t) => {
  for (const value of [
    undefined,
    "",
    `Bearer ${basic("a:b")}`,
    `Basic ${basic("nocolon")}`,
    `Basic ${basic(":pw")}`,
  ]) {
    const error = t.throws(() => parseBasicCredentials(value));
    t.is((error as { code?: string }).code, "UNAUTHENTICATED", String(value));
  }
});
