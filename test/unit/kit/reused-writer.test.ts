import test from "ava";
import { QueryResultChunk } from "../../../proto/gen/m3/annotation/v1/tabular_query_service.js";
import { reusedWriterSerializer } from "../../../services/kit/grpc/reused-writer.js";

test("messages serialized through one reused writer decode to themselves, a large one then a small one", (t) => {
  const serialize = reusedWriterSerializer(QueryResultChunk);
  const large = {
    contentType: "text/tab-separated-values",
    filename: "results.tsv",
    data: Buffer.alloc(100_000, 7),
  };
  const small = { contentType: "text/plain", filename: "", data: Buffer.from("a\tb\n") };
  const first = serialize(large);
  const second = serialize(small);
  const decoded = QueryResultChunk.decode(second);
  t.deepEqual(
    [decoded.contentType, decoded.filename, Buffer.from(decoded.data)],
    ["text/plain", "", small.data],
  );
  // The first message's bytes are its own: writing the second did not touch them.
  t.deepEqual(first, Buffer.from(QueryResultChunk.encode(large).finish()));
});

test("a message that fails to encode leaves nothing behind for the next", (t) => {
  const serialize = reusedWriterSerializer(QueryResultChunk);
  t.throws(() => serialize({ contentType: "text/plain", filename: "x", data: 5 as unknown as Buffer }));
  const small = { contentType: "text/plain", filename: "", data: Buffer.from("ok\n") };
  t.deepEqual(serialize(small), Buffer.from(QueryResultChunk.encode(small).finish()));
});
