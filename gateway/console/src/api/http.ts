import { currentToken } from "../composables/useSession";
import { ApiError, reasonOf } from "./api-error";

/**
 * The one place where the console talks to the gateway: the session's token, JSON decoding and
 * errors that say what failed and why. The typed clients in client.ts go through `send`.
 */
export async function send(request: Request): Promise<Response> {
  const token = currentToken();
  if (token !== undefined && !request.headers.has("Authorization")) {
    request.headers.set("Authorization", `Bearer ${token}`);
  }
  const what = `${request.method} ${new URL(request.url).pathname}`;
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    throw new ApiError(what, undefined, `the gateway did not answer (${(error as Error).message})`);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // A plain-text error body is shown as it is.
    }
    throw new ApiError(what, response.status, reasonOf(body, response.statusText));
  }
  return response;
}

/** GET a JSON document from any path of the gateway (system routes have no OpenAPI document). */
export async function getJson<T>(path: string): Promise<T> {
  const response = await send(new Request(new URL(path, location.origin)));
  return (await response.json()) as T;
}
