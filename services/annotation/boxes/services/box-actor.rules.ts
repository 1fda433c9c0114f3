import { DomainError } from "../../../kit/errors/domain-error.js";

type Claims = Readonly<Record<string, unknown>> | undefined;

/** The name the API key's token acts under: it names no user. */
export const SERVICE_ACTOR = "service";

/** Who acts: the token's user (its `name` claim), else the API key's service. */
export function actorOf(claims: Claims): string {
  const name = claims?.name;
  return typeof name === "string" && name.trim() !== "" ? name : SERVICE_ACTOR;
}

/**
 * The signed-in user a verification is made by: the token's `name`, never the request's body.
 * The API key's token names no one, so it cannot verify.
 */
export function signedInUser(claims: Claims): string {
  const name = claims?.name;
  if (typeof name === "string" && name.trim() !== "") return name;
  throw DomainError.permissionDenied(
    "Verifying boxes needs a signed-in user's token: the API key's token names no one",
  );
}
