import * as grpc from "@grpc/grpc-js";
import { UserAuthServiceClient } from "../../../proto/gen/m3/kb/v1/user_auth_service.js";
import { UserServiceClient } from "../../../proto/gen/m3/kb/v1/user_service.js";
import { DomainError } from "../../kit/errors/domain-error.js";
import { CLIENT_ADDRESS_KEY } from "../../kit/grpc/call-context.js";

/** The kb's throttled logins carry their wait in this trailer (a DomainError metadata entry). */
const RETRY_AFTER_KEY = "m3-error-http-header-retry-after";

/** A kb user the config service vouches for in its token. */
export interface KbUser {
  username: string;
  email: string;
  affiliation: string;
}

/** Checks user credentials; the kb (legacy oni) holds the accounts. */
export interface UserDirectory {
  /**
   * The user named by HTTP Basic credentials (`Basic …`), sent by the client at clientAddress (the
   * kb throttles failed logins by it); UNAUTHENTICATED when the kb refuses them.
   */
  login(basicAuthorization: string, clientAddress: string): Promise<KbUser>;
  close(): void;
}

const CALL_TIMEOUT_MILLIS = 10_000;
/** The kb's answers that mean "these credentials are no good", all shown as 401. */
const REFUSALS = new Set([
  grpc.status.UNAUTHENTICATED,
  grpc.status.NOT_FOUND,
  grpc.status.PERMISSION_DENIED,
  grpc.status.INVALID_ARGUMENT,
]);

/**
 * The kb over gRPC: UserAuthService/Login with the Basic credentials, then UserService/GetUser
 * with the kb's token for the email and affiliation (left "" when that lookup fails).
 */
export function createKbUserDirectory(address: string): UserDirectory {
  const credentials = grpc.credentials.createInsecure();
  const auth = new UserAuthServiceClient(address, credentials);
  const users = new UserServiceClient(address, credentials);
  return {
    async login(basicAuthorization, clientAddress) {
      const { accessToken } = await unary<{ accessToken: string }>((metadata, options, done) => {
        metadata.set(CLIENT_ADDRESS_KEY, clientAddress);
        auth.login({}, withAuthorization(metadata, basicAuthorization), options, done);
      }).catch((error: unknown) => {
        throw kbFailure(error);
      });
      const username = usernameOf(accessToken);
      const account = await unary<{ email?: string; affiliation?: string }>((metadata, options, done) =>
        users.getUser(
          { name: username },
          withAuthorization(metadata, `Bearer ${accessToken}`),
          options,
          done,
        ),
      ).catch(() => ({ email: undefined, affiliation: undefined }));
      return { username, email: account.email ?? "", affiliation: account.affiliation ?? "" };
    },
    close() {
      auth.close();
      users.close();
    },
  };
}

type Call<T> = (
  metadata: grpc.Metadata,
  options: Partial<grpc.CallOptions>,
  done: (error: grpc.ServiceError | null, response: T) => void,
) => void;

function unary<T>(call: Call<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    call(new grpc.Metadata(), { deadline: Date.now() + CALL_TIMEOUT_MILLIS }, (error, response) =>
      error ? reject(error) : resolve(response),
    );
  });
}

function withAuthorization(metadata: grpc.Metadata, value: string): grpc.Metadata {
  metadata.set("authorization", value);
  return metadata;
}

/** The kb's token names its user in `name`; the kb signed it and we only read it back. */
function usernameOf(token: string): string {
  const payload = token.split(".")[1] ?? "";
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { name?: unknown };
  if (typeof claims.name !== "string" || claims.name === "") {
    throw new DomainError("INTERNAL", "KB_TOKEN_UNREADABLE", "The kb answered with an unreadable token");
  }
  return claims.name;
}

function kbFailure(error: unknown): DomainError {
  const { code, details, metadata } = error as Partial<grpc.ServiceError>;
  if (code !== undefined && REFUSALS.has(code)) return DomainError.unauthenticated("Invalid credentials");
  if (code === grpc.status.RESOURCE_EXHAUSTED) {
    const retryAfter = metadata?.get(RETRY_AFTER_KEY)[0];
    return new DomainError(
      "RESOURCE_EXHAUSTED",
      "TOO_MANY_FAILED_LOGINS",
      details ?? "Too many failed logins",
      typeof retryAfter === "string" ? { "http-header-retry-after": retryAfter } : {},
    );
  }
  return new DomainError("UNAVAILABLE", "USER_SERVICE_UNAVAILABLE", "The user service (kb) is unavailable");
}
