/**
 * The fixture StreamService's definition, built from the fixture proto with protobufjs in the
 * shape ts-proto generates (so no generated code is needed), and who may call its methods.
 */
import protobuf from "protobufjs";
import { declareAccess } from "../../../services/kit/grpc/method-access.js";
import { FIXTURE_PROTO_ROOT } from "./fake-sample-server.js";

type Json = Record<string, unknown>;

const root = new protobuf.Root();
root.resolvePath = (_origin, target) =>
  target.startsWith("google/") ? target : `${FIXTURE_PROTO_ROOT}/${target}`;
root.loadSync("m3/testing/v1/stream_service.proto", { keepCase: true });
root.resolveAll();

function method<Req, Res>(name: string, request: string, response: string) {
  const requestType = root.lookupType(`m3.testing.v1.${request}`);
  const responseType = root.lookupType(`m3.testing.v1.${response}`);
  const toObject = { longs: Number, defaults: true, oneofs: true };
  return {
    path: `/m3.testing.v1.StreamService/${name}`,
    requestSerialize: (value: Req): Buffer =>
      Buffer.from(requestType.encode(requestType.fromObject(value as Json)).finish()),
    requestDeserialize: (bytes: Buffer): Req =>
      requestType.toObject(requestType.decode(bytes), toObject) as Req,
    responseSerialize: (value: Res): Buffer =>
      Buffer.from(responseType.encode(responseType.fromObject(value as Json)).finish()),
    responseDeserialize: (bytes: Buffer): Res =>
      responseType.toObject(responseType.decode(bytes), toObject) as Res,
  };
}

export const StreamServiceDefinition = {
  listItems: {
    ...method<Json, Json>("ListItems", "ListItemsRequest", "ListItemsResponse"),
    requestStream: false,
    responseStream: true,
  },
  downloadBlob: {
    ...method<Json, Json>("DownloadBlob", "DownloadBlobRequest", "DownloadBlobResponse"),
    requestStream: false,
    responseStream: true,
  },
  uploadBlob: {
    ...method<Json, Json>("UploadBlob", "UploadBlobRequest", "UploadBlobResponse"),
    requestStream: true,
    responseStream: false,
  },
} as const;

/** The listing is open; the blob download and upload need a JWT. */
export const STREAM_ACCESS = declareAccess(StreamServiceDefinition, {
  listItems: "none",
  downloadBlob: "jwt",
  uploadBlob: "jwt",
});
