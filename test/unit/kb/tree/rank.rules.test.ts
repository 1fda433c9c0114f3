import test from "ava";
import {
  isValidRank,
  joinedRank,
  parseRankHistoryValue,
  RANKS,
  rankHistoryValue,
} from "../../../../services/kb/tree/services/rank.rules.js";

test("the rank list has the 48 legacy entries, the empty rank first and form last", (t) => {
  t.is(RANKS.length, 48);
  t.deepEqual(RANKS[0], { rankLevel: undefined, rankName: undefined });
  t.deepEqual(RANKS.at(-1), { rankLevel: undefined, rankName: "form" });
  t.is(new Set(RANKS.map((rank) => joinedRank(rank) ?? "")).size, 48);
});

test("every listed rank is valid; level + name is checked ignoring case", (t) => {
  for (const rank of RANKS) t.true(isValidRank(rank), JSON.stringify(rank));
  t.true(isValidRank({ rankLevel: "SUB", rankName: "Genus" }));
  t.true(isValidRank({ rankLevel: undefined, rankName: "species complex" }));
  for (const name of ["foo", "bar", "baz"]) t.false(isValidRank({ rankLevel: undefined, rankName: name }));
  t.false(isValidRank({ rankLevel: "sub", rankName: undefined }));
});

test("joined ranks concatenate level and name, or are absent", (t) => {
  t.is(joinedRank({ rankLevel: "sub", rankName: "genus" }), "subgenus");
  t.is(joinedRank({ rankLevel: undefined, rankName: "genus" }), "genus");
  t.is(joinedRank({ rankLevel: undefined, rankName: undefined }), undefined);
});

test("history values round-trip, including a rank name containing a space", (t) => {
  for (const rank of RANKS) t.deepEqual(parseRankHistoryValue(rankHistoryValue(rank)), rank);
  t.is(rankHistoryValue({ rankLevel: "sub", rankName: "genus" }), "sub genus");
  t.is(rankHistoryValue({ rankLevel: undefined, rankName: "species" }), "species");
  t.deepEqual(parseRankHistoryValue(undefined), { rankLevel: undefined, rankName: undefined });
});
