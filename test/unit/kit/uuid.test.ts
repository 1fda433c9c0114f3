import test from "ava";
import { isUuid, uuidV7 } from "../../../services/kit/ids/uuid.js";

test("isUuid accepts the canonical form in either case only", (t) => {
  t.true(isUuid("0190f1c2-3b4a-7def-8abc-0123456789ab"));
  t.true(isUuid("0190F1C2-3B4A-7DEF-8ABC-0123456789AB"));
  t.false(isUuid("0190f1c23b4a7def8abc0123456789ab"));
  t.false(isUuid("{0190f1c2-3b4a-7def-8abc-0123456789ab}"));
  t.false(isUuid("0190f1c2-3b4a-7def-8abc-0123456789ag"));
  t.false(isUuid(""));
});

test("uuidV7 is a lowercase canonical UUID with version 7 and the RFC 4122 variant", (t) => {
  for (let i = 0; i < 100; i++) {
    const id = uuidV7();
    t.true(isUuid(id));
    t.is(id, id.toLowerCase());
    t.is(id[14], "7");
    t.true("89ab".includes(id[19] ?? ""), id);
  }
});

test("uuidV7 starts with the 48-bit Unix millisecond timestamp", (t) => {
  const millis = Date.UTC(2024, 0, 2, 3, 4, 5, 678);
  const id = uuidV7(millis);
  t.is(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16), millis);
});

test("uuidV7 values from later milliseconds sort after earlier ones", (t) => {
  const ids = [1, 2, 255, 256, 65_536, Date.UTC(2030, 0, 1)].map((millis) => uuidV7(millis));
  t.deepEqual([...ids].sort(), ids);
});

test("uuidV7 values are unique", (t) => {
  const ids = new Set(Array.from({ length: 1000 }, () => uuidV7(1_700_000_000_000)));
  t.is(ids.size, 1000);
});

test("many UUIDs drawn in a row are all distinct and well formed (the random pool refills)", (t) => {
  const uuids = Array.from({ length: 3000 }, () => uuidV7());
  t.is(new Set(uuids).size, 3000);
  t.true(uuids.every((uuid) => isUuid(uuid) && uuid[14] === "7"));
});
