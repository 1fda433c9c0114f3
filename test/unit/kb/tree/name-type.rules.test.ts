import test from "ava";
import { isPrimary, requireNameType } from "../../../../services/kb/tree/services/name-type.rules.js";

test("name types are accepted in any case and stored lowercase", (t) => {
  t.is(requireNameType("Primary"), "primary");
  t.is(requireNameType(" SYNONYM "), "synonym");
  t.is(requireNameType("alternate"), "alternate");
});

test("an unknown or missing name type is refused naming the field", (t) => {
  for (const value of ["nick", "", undefined]) {
    const error = t.throws(() => requireNameType(value));
    t.like(error, { code: "INVALID_ARGUMENT", metadata: { field: "nameType" } });
  }
});

test("legacy capitalised primary names count as primary", (t) => {
  t.true(isPrimary("Primary"));
  t.true(isPrimary("primary"));
  t.false(isPrimary("former"));
});
