/** A small HTTP client for e2e tests: JSON, form and raw bodies, with or without a token. */

export interface HttpReply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body; undefined when it is not JSON. */
  json: unknown;
}

export interface RequestOptions {
  json?: unknown;
  form?: Record<string, string | number>;
  body?: string;
  contentType?: string;
  /** true = a fresh valid token; a string = that Authorization header value; false/absent = none. */
  auth?: boolean | string;
  headers?: Record<string, string>;
}

export class HttpClient {
  private cachedToken: Promise<string> | undefined;

  constructor(
    readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly authPath = "/vam/v1/auth",
  ) {}

  /** One token for every request, fetched once even when many requests start together. */
  token(): Promise<string> {
    this.cachedToken ??= this.request("POST", this.authPath, { auth: `APIKEY ${this.apiKey}` }).then(
      (reply) => (reply.json as { access_token: string }).access_token,
    );
    return this.cachedToken;
  }

  get(path: string, options: RequestOptions = {}): Promise<HttpReply> {
    return this.request("GET", path, options);
  }

  post(path: string, options: RequestOptions = {}): Promise<HttpReply> {
    return this.request("POST", path, { auth: true, ...options });
  }

  put(path: string, options: RequestOptions = {}): Promise<HttpReply> {
    return this.request("PUT", path, { auth: true, ...options });
  }

  delete(path: string, options: RequestOptions = {}): Promise<HttpReply> {
    return this.request("DELETE", path, { auth: true, ...options });
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<HttpReply> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers["content-type"] = "application/json";
    } else if (options.form !== undefined) {
      body = new URLSearchParams(
        Object.entries(options.form).map(([key, value]) => [key, String(value)]),
      ).toString();
      headers["content-type"] = "application/x-www-form-urlencoded";
    } else if (options.body !== undefined) {
      body = options.body;
    }
    if (options.contentType) headers["content-type"] = options.contentType;
    if (options.auth === true) headers.authorization = `Bearer ${await this.token()}`;
    else if (typeof options.auth === "string") headers.authorization = options.auth;
    return replyOf(await fetch(`${this.baseUrl}${path}`, { method, headers, body }));
  }
}

/** A response read whole: its text, and the parsed body when the text is JSON. */
export async function replyOf(response: Response): Promise<HttpReply> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}
