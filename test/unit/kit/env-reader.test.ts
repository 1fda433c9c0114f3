import test from "ava";
import { readBoolean, readFirst, readInt, readString } from "../../../services/kit/config/env-reader.js";

test("readString returns the value, else the fallback, and treats empty as unset", (t) => {
  t.is(readString({ A: "x" }, "A"), "x");
  t.is(readString({ A: "" }, "A", "fallback"), "fallback");
  t.is(readString({}, "A", "fallback"), "fallback");
});

test("readString without a fallback names the missing variable", (t) => {
  t.throws(() => readString({ A: "" }, "A"), { message: "A is required: expected a non-empty string" });
});

test("readInt parses integers within the range", (t) => {
  t.is(readInt({ P: "8080" }, "P", 1, { min: 0, max: 65_535 }), 8080);
  t.is(readInt({ P: " -3 " }, "P", 1), -3);
  t.is(readInt({}, "P", 1), 1);
});

test("readInt rejects non-integers and values out of range, naming the variable and the range", (t) => {
  for (const value of ["80.5", "eighty", "1e3", "0x10", "70000"]) {
    t.throws(() => readInt({ PORT: value }, "PORT", 1, { min: 0, max: 65_535 }), {
      message: `PORT must be an integer from 0 to 65535, got "${value}"`,
    });
  }
});

test("readBoolean accepts true/false words in any case", (t) => {
  t.true(readBoolean({ B: "TRUE" }, "B", false));
  t.true(readBoolean({ B: "1" }, "B", false));
  t.true(readBoolean({ B: "yes" }, "B", false));
  t.false(readBoolean({ B: "False" }, "B", true));
  t.false(readBoolean({ B: "off" }, "B", true));
  t.true(readBoolean({}, "B", true));
});

test("readBoolean rejects other words, naming the variable and the accepted forms", (t) => {
  t.throws(() => readBoolean({ FLAG: "maybe" }, "FLAG", false), {
    message: 'FLAG must be true or false (also 1/0, yes/no, on/off), got "maybe"',
  });
});

test("readFirst takes the first set name, else the fallback", (t) => {
  const env = { M3_REGISTRY_API_KEY: "", M3_API_KEY: "shared" };
  t.is(readFirst(env, ["M3_REGISTRY_API_KEY", "M3_API_KEY"], "none"), "shared");
  t.is(readFirst({ ...env, M3_REGISTRY_API_KEY: "own" }, ["M3_REGISTRY_API_KEY", "M3_API_KEY"]), "own");
  t.is(readFirst({}, ["A", "B"], "none"), "none");
  t.is(readFirst({}, ["A", "B"]), undefined);
});
