import test from "ava";
import { uuidTextBetween } from "../../../tools/m3/import/target/m3-tables.repository.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test("a sample point lies between the lowest and highest UUID, also when they share their first digits (v7)", (t) => {
  const low = "019acd10-0000-7000-8000-000000000000";
  const high = "019acd1f-ffff-7fff-bfff-ffffffffffff";
  const points = Array.from({ length: 2000 }, () => uuidTextBetween(low, high));
  for (const point of points) {
    t.regex(point, UUID);
    t.true(point >= low && point <= high, point);
  }
  // Spread over the range, not piled at one end: both halves are hit.
  const middle = "019acd18";
  t.true(points.some((point) => point < middle));
  t.true(points.some((point) => point > middle));
});

test("equal bounds give that UUID", (t) => {
  const only = "0190aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee";
  t.is(uuidTextBetween(only, only), only);
});
