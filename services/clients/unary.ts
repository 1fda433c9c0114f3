import type { CallOptions, ClientUnaryCall, Metadata, ServiceError } from "@grpc/grpc-js";
import { Metadata as GrpcMetadata } from "@grpc/grpc-js";

/** A ts-proto client method in its (request, metadata, options, callback) form. */
type UnaryMethod<Request, Response> = (
  request: Request,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Response) => void,
) => ClientUnaryCall;

/**
 * One unary call as a promise, with a deadline: `await unary(media.listMediaByVideoSequenceName,
 * media)({ videoSequenceName: "Dive 1" })`. The error of a failed call is the grpc-js
 * ServiceError (code, details, metadata).
 */
export function unary<Request, Response>(method: UnaryMethod<Request, Response>, client: object) {
  return (
    request: Request,
    options: { deadlineMillis?: number; metadata?: Metadata } = {},
  ): Promise<Response> =>
    new Promise((resolve, reject) => {
      const callOptions: Partial<CallOptions> =
        options.deadlineMillis === undefined ? {} : { deadline: Date.now() + options.deadlineMillis };
      method.call(client, request, options.metadata ?? new GrpcMetadata(), callOptions, (error, response) =>
        error ? reject(error) : resolve(response),
      );
    });
}
