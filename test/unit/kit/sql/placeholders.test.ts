import test from "ava";
import { placeholders } from "../../../../services/kit/sql/placeholders.js";

test("placeholders lists one marker per value", (t) => {
  t.is(placeholders(3), "?, ?, ?");
});

test("placeholders of one value is a single marker, of none is empty", (t) => {
  t.is(placeholders(1), "?");
  t.is(placeholders(0), "");
});
