import { randomBytes } from "node:crypto";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import type { Backend, KbPeopleTarget } from "../e2e/kb-people.js";
import { loginAs } from "../e2e/kb-people.js";

/** An admin session on one platform and the kb's root, made once per backend. */
export interface PhylogenyActors {
  http: HttpClient;
  root: string;
  adminAuth: string;
}

const sessions = new Map<Backend, Promise<PhylogenyActors>>();

export function phylogenyActors(
  backend: Backend,
  target: (backend: Backend) => KbPeopleTarget,
): Promise<PhylogenyActors> {
  let session = sessions.get(backend);
  if (!session) {
    session = setUp(target(backend));
    sessions.set(backend, session);
  }
  return session;
}

async function setUp({ http, admin }: KbPeopleTarget): Promise<PhylogenyActors> {
  const adminAuth = await loginAs(http, admin.username, admin.password);
  const root = unique("object");
  await expectOk(http.post("/kb/v1/concept", { auth: adminAuth, json: { name: root } }), `create ${root}`);
  return { http, root, adminAuth };
}

export function unique(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

/** Creates a concept under a parent, as the admin. */
export async function addConcept(
  actors: PhylogenyActors,
  name: string,
  parentName: string,
  extra: object = {},
) {
  await expectOk(
    actors.http.post("/kb/v1/concept", { auth: actors.adminAuth, json: { name, parentName, ...extra } }),
    `create ${name}`,
  );
}

/** Adds a non-primary name to a concept, as the admin. */
export async function addName(actors: PhylogenyActors, name: string, newName: string, nameType: string) {
  await expectOk(
    actors.http.post("/kb/v1/names", { auth: actors.adminAuth, json: { name, newName, nameType } }),
    `add name ${newName}`,
  );
}

async function expectOk(reply: Promise<{ status: number; text: string }>, what: string): Promise<void> {
  const settled = await reply;
  if (settled.status !== 200) throw new Error(`could not ${what}: ${settled.status} ${settled.text}`);
}

export const phylogenyPath = (view: string, name: string) =>
  `/kb/v1/phylogeny/${view}/${encodeURIComponent(name)}`;
