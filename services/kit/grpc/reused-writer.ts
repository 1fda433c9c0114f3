import { BinaryWriter } from "@bufbuild/protobuf/wire";

/** A ts-proto message's codec, as the generated code exports it. */
interface MessageEncoder<T> {
  encode(message: T, writer: BinaryWriter): BinaryWriter;
}

/**
 * A response serializer for streams of large messages (64 KiB chunks of a download): the
 * message is encoded into one writer kept for every message, and its bytes are copied once.
 * ts-proto's own serializer grows a new writer from a few bytes by doubling, then copies the
 * result twice: about seven buffers per chunk, and V8 runs a full collection per 64 MB of them.
 */
export function reusedWriterSerializer<T>(codec: MessageEncoder<T>): (value: T) => Buffer {
  const writer = new BinaryWriter();
  return (value) => {
    let bytes: Uint8Array;
    try {
      bytes = codec.encode(value, writer).finish();
    } catch (error) {
      // Nothing half-written may open the next message.
      writer.finish();
      throw error;
    }
    // finish() returns a copy the writer no longer touches.
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
}
