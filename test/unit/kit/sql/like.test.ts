import test from "ava";
import Database from "better-sqlite3";
import { LIKE_ESCAPE, likeLiteral } from "../../../../services/kit/sql/like.js";

test("likeLiteral escapes the LIKE wildcards and the escape character", (t) => {
  t.is(likeLiteral("a%b_c!d"), "a!%b!_c!!d");
});

test("likeLiteral escapes each of !, % and _ with a !", (t) => {
  t.is(likeLiteral("!"), "!!");
  t.is(likeLiteral("%"), "!%");
  t.is(likeLiteral("_"), "!_");
  t.is(likeLiteral("%%__!!"), "!%!%!_!_!!!!");
});

test("likeLiteral leaves plain text as it is", (t) => {
  t.is(likeLiteral("Nanomia bijuga (1).png"), "Nanomia bijuga (1).png");
  t.is(likeLiteral(""), "");
});

test("LIKE_ESCAPE names ! as the escape character", (t) => {
  t.is(LIKE_ESCAPE, "ESCAPE '!'");
});

test("an escaped pattern matches its text literally, not as wildcards", (t) => {
  const database = new Database(":memory:");
  const matches = (text: string, literal: string) =>
    database
      .prepare(`SELECT ? LIKE ? ${LIKE_ESCAPE}`)
      .pluck()
      .get(text, `%${likeLiteral(literal)}%`);
  t.is(matches("50%_off!.mp4", "50%_off!"), 1);
  t.is(matches("50x-off!.mp4", "50%_off!"), 0);
  t.is(matches("50%_off.mp4", "%_off!"), 0);
  database.close();
});
