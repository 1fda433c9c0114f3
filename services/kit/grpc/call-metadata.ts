/**
 * A call's metadata as its caller builds it: ASCII keys (lower case) and printable-ASCII values,
 * as gRPC carries them in HTTP/2 headers (a `-bin` key's value is its bytes in base64). A plain record costs the gateway nothing per call where
 * grpc-js' Metadata validates and copies every entry (~10 µs a call for the five a request carries);
 * it becomes a Metadata only where grpc-js or a handler's context needs one.
 */
import { Metadata } from "@grpc/grpc-js";

export type CallMetadata = Readonly<Record<string, string>>;

/** What gRPC allows in a text metadata value: printable ASCII, space included. */
const LEGAL_VALUE = /^[\x20-\x7e]*$/;

export function isLegalMetadataValue(value: string): boolean {
  return LEGAL_VALUE.test(value);
}

/** The same entries as grpc-js Metadata (which throws on an illegal key or value). */
export function toGrpcMetadata(metadata: CallMetadata): Metadata {
  const converted = new Metadata();
  for (const key in metadata) {
    const value = metadata[key] as string;
    converted.set(key, key.endsWith("-bin") ? Buffer.from(value, "base64") : value);
  }
  return converted;
}
