/**
 * The config service behind the real gateway, with the extra settings its tests need
 * (static endpoints, a kb address, a namespace to discover), plus a kb gRPC server whose
 * admin the Basic logins use. Everything runs on loopback ports with fresh secrets.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import { pino } from "pino";
import { configRoutes } from "../../../gateway/src/routes/config.routes.js";
import { UserAuthServiceClient } from "../../../proto/gen/m3/kb/v1/user_auth_service.js";
import { type CreateUserRequest, UserServiceClient } from "../../../proto/gen/m3/kb/v1/user_service.js";
import { configModule } from "../../../services/config/config.module.js";
import { kbModule } from "../../../services/kb/kb.module.js";
import type { DomainModule } from "../../../services/kit/domain/domain-module.js";
import { type RunningDomain, startDomain } from "../../../services/kit/domain/start-domain.js";
import { type DomainStack, startDomainStack } from "../../../tools/dev/fixtures/domain-stack.js";

/** The config service's stack (the common domain stack). */
export type ConfigStack = DomainStack;

const silent = pino({ level: "silent" });

export function startConfigStack(
  env: Record<string, string> = {},
  module: DomainModule = configModule,
): Promise<DomainStack> {
  // The config service has no APIKEY token exchange; tests send their own headers.
  return startDomainStack({
    module,
    routes: configRoutes,
    dataDir: mkdtempSync(join(tmpdir(), "m3-config-")),
    authPath: "/config/auth",
    env,
  });
}

export interface RunningKb {
  address: string;
  /** Creates a kb user, logged in as the admin over gRPC. */
  createUser(user: CreateUserRequest): Promise<void>;
  stop(): Promise<void>;
}

/** A kb gRPC server on SQLite whose first Admin is the given user. */
export async function startKb(admin: { username: string; password: string }): Promise<RunningKb> {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-config-kb-"));
  let kb: RunningDomain;
  try {
    kb = await startDomain(kbModule, {
      env: {
        M3_API_KEY: randomBytes(16).toString("hex"),
        M3_SIGNING_SECRET: randomBytes(32).toString("hex"),
        M3_ADMIN_USER: admin.username,
        M3_ADMIN_PASSWORD: admin.password,
      },
      logger: silent,
      dataDir,
      version: "0.0.0-test",
      host: "127.0.0.1",
      port: 0,
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    address: kb.address,
    createUser: (user) => createKbUser(kb.address, admin, user),
    stop: async () => {
      await kb.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, "utf8").toString("base64")}`;
}

async function createKbUser(
  address: string,
  admin: { username: string; password: string },
  user: CreateUserRequest,
): Promise<void> {
  const credentials = grpc.credentials.createInsecure();
  const auth = new UserAuthServiceClient(address, credentials);
  const users = new UserServiceClient(address, credentials);
  const metadata = (authorization: string) => {
    const value = new grpc.Metadata();
    value.set("authorization", authorization);
    return value;
  };
  try {
    const token = await new Promise<string>((resolve, reject) =>
      auth.login({}, metadata(basic(admin.username, admin.password)), (error, reply) =>
        error ? reject(error) : resolve(reply.accessToken),
      ),
    );
    await new Promise<void>((resolve, reject) =>
      users.createUser(user, metadata(`Bearer ${token}`), (error) => (error ? reject(error) : resolve())),
    );
  } finally {
    auth.close();
    users.close();
  }
}
