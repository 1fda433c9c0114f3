/**
 * The upload service behind the real gateway for e2e tests: on S3 (a private s3rver, or MinIO in a container) or on
 * disk, with fresh secrets, plus a multipart helper (HttpClient speaks only text bodies).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { uploadRoutes } from "../../../gateway/src/routes/upload.routes.js";
import { uploadModule } from "../../../services/upload/upload.module.js";
import { type DomainStack, startDomainStack } from "../../../tools/dev/fixtures/domain-stack.js";
import type { HttpReply } from "../../../tools/dev/fixtures/http-client.js";
import { type S3TestServer, s3UploadEnv, startTestS3Server } from "../../../tools/dev/fixtures/s3-server.js";

export const UPLOAD_STORES = ["s3", "disk"] as const;
export type UploadStoreKind = (typeof UPLOAD_STORES)[number];
export const E2E_BUCKET = "m3-e2e-images";

export interface UploadStack extends DomainStack {
  /** The S3 server behind the service, for the S3 stack. */
  s3?: S3TestServer;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startUploadStack(
  kind: UploadStoreKind,
  env: Record<string, string> = {},
): Promise<UploadStack> {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-upload-e2e-"));
  const s3 = kind === "s3" ? await startTestS3Server() : undefined;
  try {
    const stack = await startDomainStack({
      module: uploadModule,
      routes: uploadRoutes,
      dataDir,
      authPath: "/panoptes/v1/auth",
      env: { ...(s3 ? s3UploadEnv(s3, E2E_BUCKET) : {}), ...env },
    });
    return {
      ...stack,
      s3,
      dataDir,
      stop: async () => {
        await stack.stop();
        await s3?.stop();
      },
    };
  } catch (error) {
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
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
