/** Actors and concepts for the e2e tests of kb media, references and links. */
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import { type Backend, createUser, type KbPeopleTarget, loginAs, uniqueName } from "./kb-people.js";

export interface AttachmentActors {
  http: HttpClient;
  root: string;
  adminAuth: string;
  maintAuth: string;
  /** An API-key token: valid, but no user behind it. */
  apiKeyAuth: string;
}

const cache = new Map<string, Promise<AttachmentActors>>();

/** One root concept, an Admin and a Maint login per platform (a kb has a single root). */
export function attachmentActors(
  backend: Backend,
  target: (backend: Backend) => KbPeopleTarget,
): Promise<AttachmentActors> {
  let found = cache.get(backend);
  if (!found) {
    found = setUp(target(backend));
    cache.set(backend, found);
  }
  return found;
}

async function setUp(target: KbPeopleTarget): Promise<AttachmentActors> {
  const { http, admin } = target;
  const adminAuth = await loginAs(http, admin.username, admin.password);
  const maint = await createUser(target, "Maint");
  const root = uniqueName("root");
  const created = await http.post("/kb/v1/concept", { auth: adminAuth, json: { name: root } });
  if (created.status !== 200) throw new Error(`could not create the root: ${created.status} ${created.text}`);
  return {
    http,
    root,
    adminAuth,
    maintAuth: await loginAs(http, maint, `pw-${maint}`),
    apiKeyAuth: `Bearer ${await http.token()}`,
  };
}

/** Creates a concept under `parent` as the admin and returns its name. */
export async function addConcept(
  actors: AttachmentActors,
  prefix: string,
  parent = actors.root,
): Promise<string> {
  const name = uniqueName(prefix);
  const reply = await actors.http.post("/kb/v1/concept", {
    auth: actors.adminAuth,
    json: { name, parentName: parent },
  });
  if (reply.status !== 200) throw new Error(`could not create ${name}: ${reply.status} ${reply.text}`);
  return name;
}

/** Adds a synonym to a concept as the admin. */
export async function addSynonym(actors: AttachmentActors, concept: string): Promise<string> {
  const newName = uniqueName("syn");
  const reply = await actors.http.post("/kb/v1/names", {
    auth: actors.adminAuth,
    json: { name: concept, newName, nameType: "synonym" },
  });
  if (reply.status !== 200) throw new Error(`could not add ${newName}: ${reply.status} ${reply.text}`);
  return newName;
}

interface HistoryItem {
  id: number;
  concept: string;
  action: string;
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

/** The concept's history records (open route). */
export async function historyOf(http: HttpClient, concept: string): Promise<HistoryItem[]> {
  return (await http.get(`/kb/v1/history/concept/${encodeURIComponent(concept)}`)).json as HistoryItem[];
}
