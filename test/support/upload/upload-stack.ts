/**
 * The upload service behind the real gateway for e2e tests: on S3 (a private s3rver) or on
 * disk, with fresh secrets, plus a multipart helper (HttpClient speaks only text bodies).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { startGateway } from "../../../gateway/src/index.js";
import { uploadRoutes } from "../../../gateway/src/routes/upload.routes.js";
import { startDomain } from "../../../services/kit/domain/start-domain.js";
import { PROTO_ROOT } from "../../../services/kit/proto-root.js";
import { uploadModule } from "../../../services/upload/upload.module.js";
import { HttpClient, type HttpReply } from "../e2e/http-client.js";
import { s3UploadEnv, startTestS3Server, type TestS3Server } from "./s3-server.js";

export const UPLOAD_STORES = ["s3", "disk"] as const;
export type UploadStoreKind = (typeof UPLOAD_STORES)[number];
export const E2E_BUCKET = "m3-e2e-images";

export interface UploadStack {
  http: HttpClient;
  baseUrl: string;
  apiKey: string;
  signingSecret: string;
  /** The s3rver behind the service, for the S3 stack. */
  s3?: TestS3Server;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startUploadStack(
  kind: UploadStoreKind,
  env: Record<string, string> = {},
): Promise<UploadStack> {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-upload-e2e-"));
  const s3 = kind === "s3" ? await startTestS3Server() : undefined;
  const apiKey = randomBytes(16).toString("hex");
  const signingSecret = randomBytes(32).toString("hex");
  const logger = pino({ level: "silent" });
  const cleanup = async () => {
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const domain = await startDomain(uploadModule, {
      env: {
        M3_API_KEY: apiKey,
        M3_SIGNING_SECRET: signingSecret,
        ...(s3 ? s3UploadEnv(s3, E2E_BUCKET) : {}),
        ...env,
      },
      logger,
      dataDir,
      version: "0.0.0-test",
      host: "127.0.0.1",
      port: 0,
    });
    const gateway = await startGateway({
      targets: [{ routes: uploadRoutes, address: domain.address }],
      protoRoot: PROTO_ROOT,
      logger,
      port: 0,
      host: "127.0.0.1",
    }).catch(async (error: unknown) => {
      await domain.stop();
      throw error;
    });
    const baseUrl = `http://127.0.0.1:${gateway.port}`;
    return {
      http: new HttpClient(baseUrl, apiKey, "/panoptes/v1/auth"),
      baseUrl,
      apiKey,
      signingSecret,
      s3,
      dataDir,
      stop: async () => {
        await gateway.close();
        await domain.stop();
        await cleanup();
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

export interface MultipartFile {
  bytes: Buffer;
  /** Default "file". */
  field?: string;
  filename?: string;
  contentType?: string;
}

/** POSTs a multipart body holding the file (and any extra fields) with the given Authorization. */
export async function postMultipart(
  stack: UploadStack,
  path: string,
  file: MultipartFile | undefined,
  options: { authorization?: string; fields?: Record<string, string> } = {},
): Promise<HttpReply> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  if (file) {
    const blob = new Blob([new Uint8Array(file.bytes)], { type: file.contentType ?? "image/png" });
    form.append(file.field ?? "file", blob, file.filename ?? "image.png");
  }
  const headers: Record<string, string> = {};
  if (options.authorization) headers.authorization = options.authorization;
  const response = await fetch(`${stack.baseUrl}${path}`, { method: "POST", headers, body: form });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}
