import test from "ava";
import {
  historyPageQuery,
  parseHistorySort,
} from "../../../../services/kb/history/services/history-query.rules.js";

test("the default history sort is creation time ascending", (t) => {
  t.deepEqual(parseHistorySort(undefined), {
    property: "creationTime",
    descending: false,
    caseInsensitive: false,
  });
  t.deepEqual(parseHistorySort(""), parseHistorySort(undefined));
});

test("sort names map to columns, text columns sort case-insensitively, the direction is case-insensitive", (t) => {
  t.deepEqual(parseHistorySort("creatorName,DESC"), {
    property: "creatorName",
    descending: true,
    caseInsensitive: true,
  });
  t.deepEqual(parseHistorySort("oldValue"), {
    property: "oldValue",
    descending: false,
    caseInsensitive: true,
  });
  t.like(parseHistorySort("processedTimestamp,asc"), { property: "processedTime", caseInsensitive: false });
  t.like(parseHistorySort("creationDate,desc"), { property: "creationTime", descending: true });
});

test("unknown sort fields and directions are INVALID_ARGUMENT naming sort", (t) => {
  for (const sort of ["concept", "constructor", "creatorName,up", "id,asc,x", "CREATORNAME"]) {
    t.like(
      t.throws(() => parseHistorySort(sort)),
      { code: "INVALID_ARGUMENT", metadata: { field: "sort" } },
      sort,
    );
  }
});

test("history pages default to limit 100 and offset 0 and refuse negatives", (t) => {
  t.like(historyPageQuery({}), { limit: 100, offset: 0 });
  t.like(historyPageQuery({ limit: 5, offset: 10 }), { limit: 5, offset: 10 });
  t.like(
    t.throws(() => historyPageQuery({ limit: -1 })),
    { metadata: { field: "limit" } },
  );
  t.like(
    t.throws(() => historyPageQuery({ offset: -3 })),
    { metadata: { field: "offset" } },
  );
});
