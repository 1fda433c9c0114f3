import test from "ava";
import {
  hashPassword,
  jasyptDigest,
  needsRehash,
  verifyPassword,
} from "../../../../services/kb/people/services/password-hash.js";

const LEGACY_ADMIN_HASH = "j5BLowjV73immQbiMAdqXzXkXaoqMgRY";

test("the legacy fixture digest verifies the password admin and nothing else", async (t) => {
  t.true(await verifyPassword("admin", LEGACY_ADMIN_HASH));
  t.false(await verifyPassword("Admin", LEGACY_ADMIN_HASH));
  t.false(await verifyPassword("", LEGACY_ADMIN_HASH));
  t.true(needsRehash(LEGACY_ADMIN_HASH));
});

test("jasypt digests normalise the password to NFC first", async (t) => {
  const salt = Buffer.alloc(8, 7);
  const composed = jasyptDigest("caf\u00e9", salt);
  t.is(jasyptDigest("cafe\u0301", salt), composed);
  t.is(composed.length, 32);
  t.true(await verifyPassword("cafe\u0301", composed));
});

test("new digests are salted scrypt in a self-describing format that verifies", async (t) => {
  const first = await hashPassword("s3cret:with colon");
  const second = await hashPassword("s3cret:with colon");
  t.regex(first, /^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  t.not(first, second);
  t.false(needsRehash(first));
  t.true(await verifyPassword("s3cret:with colon", first));
  t.false(await verifyPassword("s3cret", first));
});

test("malformed digests never verify", async (t) => {
  t.false(await verifyPassword("admin", "not-a-digest"));
  t.false(await verifyPassword("admin", "scrypt$x$8$1$abc$def"));
  t.false(await verifyPassword("admin", ""));
});
