/**
 * HTTP scenarios of the kb concept tree (concepts, names, raw views), run by the e2e tests
 * (whole platform) and by the tree-stack integration tests (the tree part alone).
 */
import { randomBytes } from "node:crypto";
import type { ExecutionContext } from "ava";
import type { HttpClient, HttpReply } from "../../../tools/dev/fixtures/http-client.js";

export interface TreeTarget {
  http: HttpClient;
  /** The kb's root concept (a kb has one). */
  root: string;
  adminAuth: string;
  maintAuth: string;
  /** An API-key token: valid, but no user behind it. */
  apiKeyAuth: string;
}

export interface TreeScenario {
  title: string;
  run(t: ExecutionContext, target: TreeTarget): Promise<void>;
}

interface Metadata {
  name: string;
  alternateNames: string[];
  rank: string | null;
  rankLevel: string | null;
  rankName: string | null;
  author: string | null;
  aphiaId: number | null;
  id: number;
}

interface Raw {
  names: { name: string; nameType: string; author: string | null; id: number }[];
  children: unknown[];
  metadata: { linkRealizations: unknown[]; linkTemplates: unknown[]; media: unknown[]; id: number };
  id: number;
}

const path = (name: string) => encodeURIComponent(name);
const fresh = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

function expectError(t: ExecutionContext, reply: HttpReply, status: number, message?: RegExp): void {
  t.is(reply.status, status, reply.text);
  t.like(reply.json, { responseCode: status });
  if (message) t.regex((reply.json as { message: string }).message, message);
}

async function addConcept(target: TreeTarget, name: string, parentName: string, extra: object = {}) {
  const reply = await target.http.post("/kb/v1/concept", {
    auth: target.adminAuth,
    json: { name, parentName, ...extra },
  });
  if (reply.status !== 200) throw new Error(`could not create ${name}: ${reply.status} ${reply.text}`);
  return reply.json as Metadata;
}

const reads: TreeScenario = {
  title: "GET /v1/concept/* find concepts by any name, with nulls, sorted children, parents and 404 JSON",
  async run(t, target) {
    const { http, root } = target;
    const top = await addConcept(target, fresh("Top"), root, { rankLevel: "sub", rankName: "phylum" });
    const slash = `${fresh("With")}/Slash`;
    await addConcept(target, slash, top.name);
    await addConcept(target, `b-${top.name}`, top.name);
    await addConcept(target, `A-${top.name}`, top.name);
    const reply = await http.get(`/kb/v1/concept/${path(top.name)}`);
    t.is(reply.status, 200, reply.text);
    t.deepEqual(reply.json, {
      name: top.name,
      alternateNames: [],
      media: [],
      linkRealizations: [],
      rank: "subphylum",
      rankName: "phylum",
      rankLevel: "sub",
      author: null,
      aphiaId: null,
      references: [],
      id: top.id,
    });
    t.is((await http.get(`/kb/v1/concept/${path(slash)}`)).status, 200);
    expectError(
      t,
      await http.get(`/kb/v1/concept/${fresh("nope")}`),
      404,
      /^Concept name `nope-.+` was not found$/,
    );
    const children = (await http.get(`/kb/v1/concept/children/${path(top.name)}`)).json as Metadata[];
    t.deepEqual(
      children.map((child) => child.name),
      [`A-${top.name}`, slash, `b-${top.name}`].sort(),
    );
    t.is(((await http.get(`/kb/v1/concept/parent/${path(slash)}`)).json as Metadata).name, top.name);
    expectError(t, await http.get(`/kb/v1/concept/parent/${path(root)}`), 404, /Parent concept for/);
    t.is(((await http.get("/kb/v1/concept/query/root")).json as Metadata).name, root);
    const found = (await http.get(`/kb/v1/concept/find/${path(top.name.toUpperCase())}`)).json as Metadata[];
    t.deepEqual(
      found.map((concept) => concept.name),
      [`A-${top.name}`, top.name, `b-${top.name}`],
    );
    const ranks = (await http.get("/kb/v1/concept/ranks")).json as object[];
    t.is(ranks.length, 48);
    t.deepEqual(ranks[0], { rankLevel: null, rankName: null });
    const all = (await http.get("/kb/v1/concept")).json as string[];
    t.true(all.includes(slash) && all.includes(root));
  },
};

const namesAndRaw: TreeScenario = {
  title: "GET /v1/names, /names/{name}, /raw/concept/{name}, /raw/names/{name} show every name",
  async run(t, target) {
    const { http, root } = target;
    const concept = await addConcept(target, fresh("named"), root, { author: "Ann" });
    const synonym = `${concept.name}-syn`;
    const added = await http.post("/kb/v1/names", {
      auth: target.adminAuth,
      json: { name: concept.name, newName: synonym, nameType: "synonym" },
    });
    t.is(added.status, 200, added.text);
    const page = (await http.get("/kb/v1/names?limit=100000")).json as { content: string[]; limit: number };
    t.true(page.content.includes(synonym));
    t.is(page.limit, 100000);
    const raw = (await http.get(`/kb/v1/names/${path(synonym)}`)).json as Raw;
    t.deepEqual(
      raw.names.map((name) => [name.name, name.nameType, name.author]),
      [
        [concept.name, "primary", "Ann"],
        [synonym, "synonym", null],
      ],
    );
    t.deepEqual(raw.children, []);
    t.like(raw.metadata, { linkRealizations: [], linkTemplates: [], media: [], id: concept.id });
    t.deepEqual((await http.get(`/kb/v1/raw/concept/${path(concept.name)}`)).json, raw);
    t.deepEqual((await http.get(`/kb/v1/raw/names/${path(synonym)}`)).json, raw.names);
    expectError(t, await http.get(`/kb/v1/raw/names/${fresh("nope")}`), 404);
  },
};

const writeAccess: TreeScenario = {
  title:
    "concept and name writes need a writer (a user or the API key's service token): no token 401, bad input 400, duplicates 409",
  async run(t, target) {
    const { http, root } = target;
    const name = fresh("guarded");
    const body = { json: { name, parentName: root } };
    expectError(t, await http.post("/kb/v1/concept", { ...body, auth: false }), 401);
    t.is((await http.post("/kb/v1/concept", { ...body, auth: target.maintAuth })).status, 200);
    const byService = { json: { name: fresh("by-service"), parentName: root }, auth: target.apiKeyAuth };
    t.is((await http.post("/kb/v1/concept", byService)).status, 200);
    expectError(
      t,
      await http.post("/kb/v1/concept", { ...body, auth: target.adminAuth }),
      409,
      /already exists/,
    );
    const missing = await http.post("/kb/v1/concept", { json: { parentName: root }, auth: target.adminAuth });
    expectError(t, missing, 400, /name/);
    const badRank = await http.post("/kb/v1/concept", {
      json: { name: fresh("r"), parentName: root, rankName: "foo" },
      auth: target.adminAuth,
    });
    expectError(t, badRank, 400, /Invalid rank/);
    const badType = await http.post("/kb/v1/names", {
      json: { name, newName: fresh("n"), nameType: "nickname" },
      auth: target.maintAuth,
    });
    expectError(t, badType, 400, /nameType/);
    expectError(
      t,
      await http.delete(`/kb/v1/names/${path(name)}`, { auth: target.adminAuth }),
      400,
      /primary/,
    );
  },
};

const updates: TreeScenario = {
  title: "PUT /v1/concept/{name} moves and re-ranks; clearing a rank needs an admin; PUT /v1/names renames",
  async run(t, target) {
    const { http, root } = target;
    const a = await addConcept(target, fresh("a"), root);
    const b = await addConcept(target, fresh("b"), a.name);
    const moved = await http.put(`/kb/v1/concept/${path(b.name)}`, {
      auth: target.maintAuth,
      json: { parentName: root, rankLevel: "sub", rankName: "genus", aphiaId: 54321 },
    });
    t.is(moved.status, 200, moved.text);
    t.like(moved.json, { name: b.name, rank: "subgenus", aphiaId: 54321 });
    t.is(((await http.get(`/kb/v1/concept/parent/${path(b.name)}`)).json as Metadata).name, root);
    const cycle = await http.put(`/kb/v1/concept/${path(a.name)}`, {
      auth: target.adminAuth,
      json: { parentName: a.name },
    });
    expectError(t, cycle, 400);
    const clear = { json: { rankLevel: "", rankName: "" } };
    expectError(
      t,
      await http.put(`/kb/v1/concept/${path(b.name)}`, { ...clear, auth: target.maintAuth }),
      403,
    );
    const cleared = await http.put(`/kb/v1/concept/${path(b.name)}`, { ...clear, auth: target.adminAuth });
    t.like(cleared.json, { rank: null, rankLevel: null, rankName: null });
    expectError(
      t,
      await http.put(`/kb/v1/concept/${fresh("nope")}`, { ...clear, auth: target.adminAuth }),
      404,
    );
    const renamed = `${b.name}-renamed`;
    const reply = await http.put(`/kb/v1/names/${path(b.name)}`, {
      auth: target.maintAuth,
      json: { newName: renamed, author: "" },
    });
    t.is(reply.status, 200, reply.text);
    t.like((reply.json as Raw).names[0], { name: renamed, nameType: "primary", author: "" });
    expectError(t, await http.get(`/kb/v1/concept/${path(b.name)}`), 404);
  },
};

const deletes: TreeScenario = {
  title:
    "DELETE /v1/concept and /v1/names: an admin's delete is done at once, a maint's waits; replies {} and RawConcept",
  async run(t, target) {
    const { http, root } = target;
    const parent = await addConcept(target, fresh("branch"), root);
    const child = await addConcept(target, fresh("leaf"), parent.name);
    const maintDelete = await http.delete(`/kb/v1/concept/${path(parent.name)}`, { auth: target.maintAuth });
    t.is(maintDelete.status, 200, maintDelete.text);
    t.deepEqual(maintDelete.json, {});
    t.is((await http.get(`/kb/v1/concept/${path(child.name)}`)).status, 200);
    const synonym = `${child.name}-syn`;
    await http.post("/kb/v1/names", {
      auth: target.adminAuth,
      json: { name: child.name, newName: synonym, nameType: "common" },
    });
    const kept = await http.delete(`/kb/v1/names/${path(synonym)}`, { auth: target.maintAuth });
    t.is(kept.status, 200, kept.text);
    t.true((kept.json as Raw).names.some((name) => name.name === synonym));
    const removed = await http.delete(`/kb/v1/names/${path(synonym)}`, { auth: target.adminAuth });
    t.deepEqual(
      (removed.json as Raw).names.map((name) => name.name),
      [child.name],
    );
    const adminDelete = await http.delete(`/kb/v1/concept/${path(parent.name)}`, { auth: target.adminAuth });
    t.deepEqual(adminDelete.json, {});
    expectError(t, await http.get(`/kb/v1/concept/${path(child.name)}`), 404);
    expectError(t, await http.delete(`/kb/v1/concept/${path(parent.name)}`, { auth: target.adminAuth }), 404);
  },
};

const repeatedReads: TreeScenario = {
  title: "GET /v1/concept/{name} and /concept/find/{part} asked again see a new alternate name and a rename",
  async run(t, target) {
    const { http, root } = target;
    const concept = await addConcept(target, fresh("again"), root);
    const part = concept.name.slice(-8);
    const ask = async () => ({
      one: (await http.get(`/kb/v1/concept/${path(concept.name)}`)).json as Metadata,
      found: (await http.get(`/kb/v1/concept/find/${path(part)}`)).json as Metadata[],
    });
    const first = await ask();
    t.deepEqual(await ask(), first, "the same answer twice");
    t.deepEqual(first.one.alternateNames, []);
    const common = `${concept.name} common`;
    const added = await http.post("/kb/v1/names", {
      auth: target.adminAuth,
      json: { name: concept.name, newName: common, nameType: "common" },
    });
    t.is(added.status, 200, added.text);
    const afterName = await ask();
    t.deepEqual(afterName.one.alternateNames, [common]);
    t.deepEqual(
      afterName.found.map((found) => [found.name, found.alternateNames]),
      [[concept.name, [common]]],
    );
    const renamed = `${concept.name}-renamed`;
    const rename = await http.put(`/kb/v1/names/${path(concept.name)}`, {
      auth: target.maintAuth,
      json: { newName: renamed },
    });
    t.is(rename.status, 200, rename.text);
    expectError(t, await http.get(`/kb/v1/concept/${path(concept.name)}`), 404);
    const found = (await http.get(`/kb/v1/concept/find/${path(part)}`)).json as Metadata[];
    t.deepEqual(
      found.map((one) => one.name),
      [renamed],
    );
  },
};

export const TREE_SCENARIOS: readonly TreeScenario[] = [
  reads,
  namesAndRaw,
  writeAccess,
  updates,
  deletes,
  repeatedReads,
];
