import test from "ava";
import { SourceMemo } from "../../../services/capture/crops/services/source-memo.js";

test("images past the limit go least recently used first; one image over the limit is not kept", (t) => {
  const memo = new SourceMemo(10);
  memo.set("a", Buffer.alloc(4));
  memo.set("b", Buffer.alloc(4));
  t.truthy(memo.get("a"));
  memo.set("c", Buffer.alloc(4));
  t.truthy(memo.get("a"));
  t.is(memo.get("b"), undefined);
  t.truthy(memo.get("c"));
  memo.set("big", Buffer.alloc(11));
  t.is(memo.get("big"), undefined);
  t.truthy(memo.get("a"));
});

test("a limit of 0 keeps nothing", (t) => {
  const memo = new SourceMemo(0);
  memo.set("a", Buffer.alloc(1));
  t.is(memo.get("a"), undefined);
});
