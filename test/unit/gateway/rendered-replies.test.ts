import test from "ava";
import { RenderedReplies, renderingKey } from "../../../gateway/src/engine/rendered-replies.js";

const renderer = (text: string) => {
  const calls = { count: 0 };
  const render = () => {
    calls.count++;
    return text;
  };
  return { calls, render };
};

test("a reply whose bytes repeat under the same request is rendered once", (t) => {
  const replies = new RenderedReplies(1024 * 1024, 1024, 0);
  const { calls, render } = renderer('{"a":1}');
  const first = replies.json("find\0x", Buffer.from([1, 2, 3]), render);
  const second = replies.json("find\0x", Buffer.from([1, 2, 3]), render);
  t.is(second.toString(), '{"a":1}');
  t.is(second, first);
  t.is(calls.count, 1);
});

test("a reply with other bytes under the same request is rendered afresh, never from the kept one", (t) => {
  const replies = new RenderedReplies(1024 * 1024, 1024, 0);
  replies.json("find\0x", Buffer.from([1, 2, 3]), () => '{"old":true}');
  const changed = replies.json("find\0x", Buffer.from([1, 2, 4]), () => '{"new":true}');
  t.is(changed.toString(), '{"new":true}');
  t.is(replies.json("find\0x", Buffer.from([1, 2, 4]), () => "unused").toString(), '{"new":true}');
});

test("the same reply bytes under another request are not shared", (t) => {
  const replies = new RenderedReplies(1024 * 1024, 1024, 0);
  replies.json("concept\0a", Buffer.from([9]), () => '"a"');
  t.is(replies.json("concept\0b", Buffer.from([9]), () => '"b"').toString(), '"b"');
});

test("a kept reply is a copy: reusing the caller's buffer does not make a stale rendering match", (t) => {
  const replies = new RenderedReplies(1024 * 1024, 1024, 0);
  const buffer = Buffer.from([1, 2, 3]);
  replies.json("k", buffer, () => '"first"');
  buffer[2] = 7;
  t.is(replies.json("k", buffer, () => '"second"').toString(), '"second"');
});

test("beyond the byte budget the oldest renderings go, and replies over the size limit are not kept", (t) => {
  const replies = new RenderedReplies(40, 8, 0);
  const { calls, render } = renderer("0123456789");
  replies.json("a", Buffer.alloc(4, 1), render);
  replies.json("b", Buffer.alloc(4, 2), render);
  replies.json("c", Buffer.alloc(4, 3), render);
  t.is(calls.count, 3);
  replies.json("c", Buffer.alloc(4, 3), render);
  t.is(calls.count, 3, "the newest stays");
  replies.json("a", Buffer.alloc(4, 1), render);
  t.is(calls.count, 4, "the oldest went when the third came");
  replies.json("big", Buffer.alloc(9), render);
  replies.json("big", Buffer.alloc(9), render);
  t.is(calls.count, 6, "a reply over 8 bytes is rendered every time");
});

test("replies under the smallest kept size are rendered every time", (t) => {
  const replies = new RenderedReplies(1024 * 1024, 1024, 16);
  const { calls, render } = renderer('{"a":1}');
  replies.json("k", Buffer.alloc(15, 1), render);
  t.is(replies.json("k", Buffer.alloc(15, 1), render), '{"a":1}');
  t.is(calls.count, 2);
  replies.json("k", Buffer.alloc(16, 1), render);
  replies.json("k", Buffer.alloc(16, 1), render);
  t.is(calls.count, 3, "a reply of the smallest kept size is rendered once");
});

test("only reads with a small request are keyed: a write or a large request is rendered each time", (t) => {
  const small = Uint8Array.from([10, 3, 102, 111, 111]);
  const key = renderingKey("GET", "/kb/v1/concept/find/{name}", small);
  t.is(typeof key, "string");
  t.not(key, renderingKey("GET", "/kb/v1/concept/find/{name}", Uint8Array.from([10, 3, 98, 97, 114])));
  t.not(key, renderingKey("GET", "/kb/v1/concept/{name}", small));
  t.is(renderingKey("POST", "/anno/v1/annotations/bulk", small), undefined);
  t.is(renderingKey("GET", "/kb/v1/concept/find/{name}", new Uint8Array(4097)), undefined);
  t.is(typeof renderingKey("GET", "/kb/v1/concept/find/{name}", new Uint8Array(4096)), "string");
});
