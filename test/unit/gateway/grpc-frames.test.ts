/**
 * GrpcFrameReader (gateway/src/engine/grpc-frames.ts): the messages of a gRPC stream out of the
 * chunks an HTTP/2 stream delivers, however the chunks cut them.
 */
import test from "ava";
import { GrpcFrameReader } from "../../../gateway/src/engine/grpc-frames.js";

/** A message behind gRPC's 5-byte prefix: the compression flag, then its length big-endian. */
function framed(message: Buffer, compressed = false): Buffer {
  const prefix = Buffer.alloc(5);
  prefix[0] = compressed ? 1 : 0;
  prefix.writeUInt32BE(message.length, 1);
  return Buffer.concat([prefix, message]);
}

/** Every message the chunks complete, in order. */
function readAll(reader: GrpcFrameReader, chunks: readonly Buffer[]): string[] {
  return chunks.flatMap((chunk) => reader.push(chunk)).map((message) => message.toString("hex"));
}

const MESSAGES = [Buffer.from("first"), Buffer.alloc(0), Buffer.from("the third, a little longer")];
const STREAM = Buffer.concat(MESSAGES.map((message) => framed(message)));
const EXPECTED = MESSAGES.map((message) => message.toString("hex"));

test("one chunk holding several messages gives them all, in order", (t) => {
  const reader = new GrpcFrameReader();
  t.deepEqual(readAll(reader, [STREAM]), EXPECTED);
  t.false(reader.partial);
});

test("an empty message (length 0) comes out as an empty buffer", (t) => {
  const reader = new GrpcFrameReader();
  const messages = reader.push(framed(Buffer.alloc(0)));
  t.is(messages.length, 1);
  t.is(messages[0]?.length, 0);
  t.false(reader.partial);
});

test("the stream cut in two at every byte position, inside a prefix too, gives the same messages", (t) => {
  for (let cut = 1; cut < STREAM.length; cut++) {
    const reader = new GrpcFrameReader();
    t.deepEqual(readAll(reader, [STREAM.subarray(0, cut), STREAM.subarray(cut)]), EXPECTED, `cut at ${cut}`);
    t.false(reader.partial, `cut at ${cut}`);
  }
});

test("the stream cut in three at every pair of positions gives the same messages", (t) => {
  for (let first = 1; first < STREAM.length - 1; first++) {
    for (let second = first + 1; second < STREAM.length; second++) {
      const reader = new GrpcFrameReader();
      const chunks = [STREAM.subarray(0, first), STREAM.subarray(first, second), STREAM.subarray(second)];
      t.deepEqual(readAll(reader, chunks), EXPECTED, `cut at ${first} and ${second}`);
    }
  }
});

test("the stream given one byte at a time gives the same messages, each when its last byte arrives", (t) => {
  const reader = new GrpcFrameReader();
  const completedAt: number[] = [];
  const messages: string[] = [];
  for (let index = 0; index < STREAM.length; index++) {
    for (const message of reader.push(STREAM.subarray(index, index + 1))) {
      messages.push(message.toString("hex"));
      completedAt.push(index + 1);
    }
  }
  t.deepEqual(messages, EXPECTED);
  const ends = MESSAGES.map((_, count) =>
    MESSAGES.slice(0, count + 1).reduce((sum, message) => sum + 5 + message.length, 0),
  );
  t.deepEqual(completedAt, ends);
});

test("a 1 MiB message in 16 KiB chunks comes out once, whole and equal, after its last chunk", (t) => {
  const message = Buffer.alloc(1024 * 1024);
  for (let index = 0; index < message.length; index++) message[index] = (index * 31 + (index >> 8)) & 0xff;
  const stream = Buffer.concat([framed(message), framed(Buffer.from("next"))]);
  const reader = new GrpcFrameReader();
  const out: Buffer[] = [];
  const chunk = 16 * 1024;
  for (let offset = 0; offset < stream.length; offset += chunk) {
    const completed = reader.push(stream.subarray(offset, offset + chunk));
    if (offset + chunk < 5 + message.length) {
      t.is(completed.length, 0);
      t.true(reader.partial);
    }
    out.push(...completed);
  }
  t.is(out.length, 2);
  t.true(out[0]?.equals(message));
  t.is(out[1]?.toString(), "next");
  t.false(reader.partial);
});

test("a message flagged compressed throws, whole or with only its prefix's first byte in", (t) => {
  const compressed = framed(Buffer.from("zipped"), true);
  t.throws(() => new GrpcFrameReader().push(compressed), { message: /compressed/ });
  const reader = new GrpcFrameReader();
  t.deepEqual(reader.push(framed(Buffer.from("plain"))).length, 1);
  t.deepEqual(reader.push(compressed.subarray(0, 1)), []);
  t.throws(() => reader.push(compressed.subarray(1)), { message: /compressed/ });
});
