/**
 * Replays the KB editor web app, mbari-org/kb (React, in a browser), against the whole stack:
 *   src/lib/services/config/getEndpoints.js, config/createServiceLookup.js (GET <config>/endpoints,
 *     CORS mode, services looked up by name: "annosaurus", "oni"),
 *   src/lib/services/auth/login.js, auth/authUrl.js (POST <oni>/auth/login, Basic credentials,
 *     reads `access_token`; read-only users get a fixed JWT signed by MBARI, not by this server),
 *   src/lib/auth/processToken.js (decodes `exp`, `role`, `name` from the token),
 *   src/lib/services/params.js, request.js, url.js, send.js (every call, reads included, sends
 *     `Accept: application/json`, `Content-Type: application/json` and `Authorization: Bearer
 *     <token>`; path pieces go through encodeURIComponent; only status 200 counts as success),
 *   src/lib/api/*.js (concept, aliases, media, realizations, references, templates, history,
 *     preferences, users, taxonomy, annotations, observations, associations) and the submitters
 *     in src/contexts/panels/concepts/staged/save/submitter/*.js that build the bodies.
 */
import test from "ava";
import {
  basicCredentials,
  type ClientPlatform,
  type Replayed,
  snakeToken,
  uniqueSuffix,
  useClientPlatforms,
} from "../../support/e2e/client-replay.js";
import { BACKENDS } from "../../support/e2e/test-platform.js";

const platform = useClientPlatforms(test);
const ORIGIN = "https://kb.example.org";

/** The read-only login of the KB editor: a fixed HS512 token it never asks any server for. */
const READ_ONLY_TOKEN = [
  "eyJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9",
  Buffer.from(
    JSON.stringify({
      iss: "http://www.mbari.org",
      iat: 1577874633,
      exp: 7952380216,
      name: "readonly",
      role: "ReadOnly",
    }),
  ).toString("base64url"),
  "bm90LXNpZ25lZC1ieS10aGlzLXNlcnZlcg",
].join(".");

interface Editor {
  call(
    method: string,
    service: "oni" | "annosaurus",
    path: string[],
    data?: unknown,
    qs?: string,
  ): Promise<Replayed>;
}

/** The editor's request(): JSON headers and the bearer token on every call, segments encoded. */
async function editor(client: ClientPlatform, token: string): Promise<Editor> {
  const endpoints = (await client.send("GET", "/config/endpoints", { headers: { Origin: ORIGIN } })).json as {
    name: string;
    url: string;
  }[];
  const base = (name: string) =>
    new URL(endpoints.find((endpoint) => endpoint.name === name)?.url ?? "").pathname;
  return {
    call: (method, service, path, data, qs) => {
      const url = `${base(service)}/${path.map((piece) => encodeURIComponent(piece)).join("/")}`;
      return client.send(method, qs ? `${url}?${qs}` : url, {
        headers: {
          Accept: "application/json",
          Authorization: `Bearer ${token}`,
          "Content-Type": "application/json",
          Origin: ORIGIN,
        },
        body: data === undefined ? undefined : JSON.stringify(data),
      });
    },
  };
}

async function adminEditor(client: ClientPlatform): Promise<Editor> {
  const login = await client.send("POST", "/kb/v1/auth/login", {
    headers: {
      Accept: "application/json",
      Authorization: basicCredentials(client.admin.username, client.admin.password),
    },
  });
  return editor(client, snakeToken(login));
}

/** A root and a child whose name has a space, a slash, an ampersand and non-ASCII letters. */
async function tree(client: ClientPlatform): Promise<{ root: string; child: string; kb: Editor }> {
  const kb = await adminEditor(client);
  const rootReply = await kb.call("GET", "oni", ["concept", "query", "root"]);
  let root = (rootReply.json as { name?: string } | undefined)?.name;
  if (rootReply.status !== 200 || !root) {
    root = "object";
    await kb.call("POST", "oni", ["concept"], { name: root });
  }
  const child = `Grimpoteuthis sp. A/B & Ünïcode ${uniqueSuffix()}`;
  const made = await kb.call("POST", "oni", ["concept"], {
    action: "Add Child",
    name: child,
    author: "Robison, 2003",
    rankLevel: "",
    rankName: "species",
    parentName: root,
  });
  if (made.status !== 200) throw new Error(`child not created: ${made.status} ${made.text}`);
  return { root, child, kb };
}

for (const backend of BACKENDS) {
  test(`${backend}: the endpoint list answers the cross-origin GET and names "oni" and "annosaurus"`, async (t) => {
    const client = platform(backend);
    const reply = await client.send("GET", "/config/endpoints", { headers: { Origin: ORIGIN } });
    t.is(reply.status, 200);
    t.truthy(reply.headers.get("access-control-allow-origin"));
    const names = (reply.json as { name: string; url: string }[]).map((endpoint) => endpoint.name);
    t.true(names.includes("oni") && names.includes("annosaurus"));
  });

  test(`${backend}: the browser's preflight for a JSON PUT with a bearer token is allowed`, async (t) => {
    const client = platform(backend);
    const reply = await client.send("OPTIONS", "/kb/v1/concept/x", {
      headers: {
        Origin: ORIGIN,
        "Access-Control-Request-Method": "PUT",
        "Access-Control-Request-Headers": "accept,authorization,content-type",
      },
    });
    t.true(reply.status === 204 || reply.status === 200, reply.text);
    t.truthy(reply.headers.get("access-control-allow-origin"));
    t.regex(reply.headers.get("access-control-allow-methods") ?? "", /PUT/);
    const allowed = (reply.headers.get("access-control-allow-headers") ?? "").toLowerCase();
    for (const header of ["authorization", "content-type"]) t.true(allowed.includes(header), allowed);
  });

  test(`${backend}: login with Basic credentials answers access_token whose claims carry name, role and exp`, async (t) => {
    const client = platform(backend);
    const reply = await client.send("POST", "/kb/v1/auth/login", {
      headers: {
        Accept: "application/json",
        Authorization: basicCredentials(client.admin.username, client.admin.password),
      },
    });
    t.is(reply.status, 200, reply.text);
    const claims = JSON.parse(Buffer.from(snakeToken(reply).split(".")[1] ?? "", "base64url").toString());
    t.is(claims.name, client.admin.username);
    t.is(claims.role, "Admin");
    t.is(typeof claims.exp, "number");
    const refused = await client.send("POST", "/kb/v1/auth/login", {
      headers: {
        Accept: "application/json",
        Authorization: basicCredentials(client.admin.username, "wrong"),
      },
    });
    t.is(refused.status, 401);
  });

  test(`${backend}: reads sent with the read-only user's foreign token and a JSON Content-Type answer 200`, async (t) => {
    const client = platform(backend);
    const { child } = await tree(client);
    const kb = await editor(client, READ_ONLY_TOKEN);
    const concept = await kb.call("GET", "oni", ["concept", child]);
    t.is(concept.status, 200, concept.text);
    t.is((concept.json as { name: string }).name, child);
    for (const path of [
      ["concept", "query", "root"],
      ["concept", "children", child],
      ["concept", "parent", child],
      ["phylogeny", "up", child],
      ["phylogeny", "basic", child],
      ["phylogeny", "taxa", child],
      ["raw", "names", child],
      ["media", "search", "concept", child],
      ["linkrealizations", "concept", child],
      ["linktemplates", "query", "for", child],
      ["history", "concept", child],
    ]) {
      const reply = await kb.call("GET", "oni", path);
      t.is(reply.status, 200, `${path.join("/")}: ${reply.text}`);
    }
    const names = await kb.call("GET", "oni", ["names"]);
    t.true(Array.isArray((names.json as { content: unknown }).content));
    const ranks = (await kb.call("GET", "oni", ["concept", "ranks"])).json as Record<string, unknown>[];
    t.true(ranks.some((rank) => "rankName" in rank && "rankLevel" in rank));
    const approvedCount = await kb.call("GET", "oni", ["history", "approved", "count"]);
    t.is(typeof (approvedCount.json as { count: unknown }).count, "number", approvedCount.text);
    const templateCount = await kb.call("GET", "oni", ["linktemplates", "count"]);
    t.is(typeof (templateCount.json as { count: unknown }).count, "number", templateCount.text);
    const realizations = await kb.call("GET", "oni", ["linkrealizations"], undefined, "limit=25&offset=0");
    t.is(realizations.status, 200, realizations.text);
  });

  // The spec marks the pending-history reads JWT (the legacy oni left them open): the editor's
  // read-only mode, whose token this server cannot verify, gets 401 there; a logged-in user reads them.
  test(`${backend}: pending history needs a token this server signed: 401 JSON for the read-only token, 200 after login`, async (t) => {
    const client = platform(backend);
    const readOnly = await editor(client, READ_ONLY_TOKEN);
    const refused = await readOnly.call("GET", "oni", ["history", "pending"], undefined, "limit=10&offset=0");
    t.is(refused.status, 401);
    t.is((refused.json as { responseCode: number }).responseCode, 401);
    const kb = await adminEditor(client);
    const pending = await kb.call("GET", "oni", ["history", "pending"], undefined, "limit=10&offset=0");
    t.is(pending.status, 200, pending.text);
    t.true(Array.isArray((pending.json as { content: unknown }).content));
    const count = await kb.call("GET", "oni", ["history", "pending", "count"]);
    t.is(typeof (count.json as { count: unknown }).count, "number", count.text);
  });

  test(`${backend}: the structure submitters (rank, author, aliases, parent) change a concept with JSON bodies`, async (t) => {
    const client = platform(backend);
    const { root, child, kb } = await tree(client);
    const rank = await kb.call("PUT", "oni", ["concept", child], { rankLevel: "sub", rankName: "genus" });
    t.is(rank.status, 200, rank.text);
    t.like(rank.json, { rankLevel: "sub", rankName: "genus" });
    const author = await kb.call("PUT", "oni", ["names", child], { author: "Voss, 1967" });
    t.is(author.status, 200, author.text);
    const alias = `${child} alias`;
    const added = await kb.call("POST", "oni", ["names"], {
      author: "someone",
      nameType: "Synonym",
      name: child,
      newName: alias,
    });
    t.is(added.status, 200, added.text);
    const edited = await kb.call("PUT", "oni", ["names", alias], { nameType: "Common" });
    t.is(edited.status, 200, edited.text);
    const concept = (await kb.call("GET", "oni", ["concept", child])).json as { alternateNames: string[] };
    t.true(concept.alternateNames.includes(alias));
    const removed = await kb.call("DELETE", "oni", ["names", alias]);
    t.is(removed.status, 200, removed.text);
    const sibling = `sibling ${uniqueSuffix()}`;
    await kb.call("POST", "oni", ["concept"], { action: "Add Child", name: sibling, parentName: root });
    const moved = await kb.call("PUT", "oni", ["concept", child], { parentName: sibling });
    t.is(moved.status, 200, moved.text);
    const parent = await kb.call("GET", "oni", ["concept", "parent", child]);
    t.is((parent.json as { name: string }).name, sibling);
    const renamed = `${child} renamed`;
    const rename = await kb.call("PUT", "oni", ["names", child], { newName: renamed });
    t.is(rename.status, 200, rename.text);
    t.is((await kb.call("GET", "oni", ["concept", renamed])).status, 200);
  });

  test(`${backend}: media, realizations, templates and references round-trip with the editor's camelCase bodies`, async (t) => {
    const client = platform(backend);
    const { child, kb } = await tree(client);
    const media = await kb.call("POST", "oni", ["media"], {
      conceptName: child,
      caption: "a caption",
      credit: "MBARI",
      isPrimary: true,
      mediaType: "IMAGE",
      url: `https://images.example.org/${uniqueSuffix()}.jpg`,
    });
    t.is(media.status, 200, media.text);
    const mediaId = String((media.json as { id: number }).id);
    const mediaEdit = await kb.call("PUT", "oni", ["media", mediaId], {
      caption: "changed",
      isPrimary: false,
    });
    t.is(mediaEdit.status, 200, mediaEdit.text);
    t.is((mediaEdit.json as { caption: string }).caption, "changed");
    const listed = (await kb.call("GET", "oni", ["media", "search", "concept", child])).json as unknown[];
    t.is(listed.length, 1);
    t.is((await kb.call("DELETE", "oni", ["media", mediaId])).status, 200);

    const realization = await kb.call("POST", "oni", ["linkrealizations"], {
      linkName: "eats",
      toConcept: "self",
      linkValue: "krill",
      concept: child,
    });
    t.is(realization.status, 200, realization.text);
    const realizationId = String((realization.json as { id: number }).id);
    const realizationEdit = await kb.call("PUT", "oni", ["linkrealizations", realizationId], {
      linkValue: "copepods",
    });
    t.is(realizationEdit.status, 200, realizationEdit.text);
    t.is((realizationEdit.json as { linkValue: string }).linkValue, "copepods");
    t.is((await kb.call("DELETE", "oni", ["linkrealizations", realizationId])).status, 200);

    const template = await kb.call("POST", "oni", ["linktemplates"], {
      concept: child,
      linkName: "surface-color",
      toConcept: "self",
      linkValue: "nil",
    });
    t.is(template.status, 200, template.text);
    const templateId = String((template.json as { id: number }).id);
    const explicit = await kb.call("GET", "oni", ["linktemplates", "concept", child]);
    t.is((explicit.json as unknown[]).length, 1);
    const conceptCount = await kb.call("GET", "oni", ["linktemplates", "concept", "count", child]);
    t.is(conceptCount.status, 200, conceptCount.text);
    t.is((await kb.call("PUT", "oni", ["linktemplates", templateId], { linkValue: "red" })).status, 200);
    t.is((await kb.call("DELETE", "oni", ["linktemplates", templateId])).status, 200);

    const reference = await kb.call("POST", "oni", ["references"], {
      citation: `Robison, B. H. (${uniqueSuffix()}). Deep pelagic biology.`,
      doi: `https://doi.org/10.1000/${uniqueSuffix()}`,
    });
    t.is(reference.status, 200, reference.text);
    const referenceId = String((reference.json as { id: number }).id);
    const linked = await kb.call("PUT", "oni", ["references", "add", referenceId, "to", child]);
    t.is(linked.status, 200, linked.text);
    const unlinked = await kb.call("PUT", "oni", ["references", "remove", referenceId, "from", child]);
    t.is(unlinked.status, 200, unlinked.text);
    t.is((await kb.call("DELETE", "oni", ["references", referenceId])).status, 200);
  });

  test(`${backend}: preferences: create, read by name and key, update by query with a {value} body`, async (t) => {
    const client = platform(backend);
    const kb = await adminEditor(client);
    const node = `kb-ui/${client.admin.username}`;
    const created = await kb.call("POST", "oni", ["prefs"], {
      name: node,
      key: "settings",
      value: '{"a":1}',
    });
    t.is(created.status, 200, created.text);
    const qs = new URLSearchParams({ name: node, key: "settings" }).toString();
    const updated = await kb.call("PUT", "oni", ["prefs"], { value: '{"a":2}' }, qs);
    t.is(updated.status, 200, updated.text);
    const [found] = (await kb.call("GET", "oni", ["prefs"], undefined, qs)).json as { value: string }[];
    t.is(found?.value, '{"a":2}');
    const prefixed = await kb.call(
      "GET",
      "oni",
      ["prefs", "startswith"],
      undefined,
      `prefix=${encodeURIComponent(node)}`,
    );
    t.is((prefixed.json as unknown[]).length, 1);
    const app = await kb.call("POST", "oni", ["prefs"], {
      name: "kb-app",
      key: "phylogeny-root",
      value: "object",
    });
    t.is(app.status, 200, app.text);
  });

  test(`${backend}: users: the admin creates (with confirmPassword) and edits a user, listing shows it`, async (t) => {
    const client = platform(backend);
    const kb = await adminEditor(client);
    const username = `maint${uniqueSuffix()}`;
    const user = {
      username,
      password: "s3cret!",
      confirmPassword: "s3cret!",
      role: "Maint",
      affiliation: "MBARI",
      email: `${username}@example.org`,
      firstName: "Mae",
      lastName: "Int",
    };
    const created = await kb.call("POST", "oni", ["users"], user);
    t.is(created.status, 200, created.text);
    t.like(created.json, { username, role: "Maint", firstName: "Mae" });
    const edited = await kb.call("PUT", "oni", ["users", username], {
      affiliation: "UCSC",
      role: "ReadOnly",
    });
    t.is(edited.status, 200, edited.text);
    t.like(edited.json, { username, affiliation: "UCSC", role: "ReadOnly" });
    const users = (await kb.call("GET", "oni", ["users"])).json as { username: string }[];
    t.true(users.some((entry) => entry.username === username));
  });

  test(`${backend}: a pending history item is approved by a PUT with a JSON Content-Type and no body`, async (t) => {
    const client = platform(backend);
    const { child, kb } = await tree(client);
    const maintName = `maint${uniqueSuffix()}`;
    await kb.call("POST", "oni", ["users"], { username: maintName, password: "pw-maint", role: "Maint" });
    const login = await client.send("POST", "/kb/v1/auth/login", {
      headers: { Accept: "application/json", Authorization: basicCredentials(maintName, "pw-maint") },
    });
    const maint = await editor(client, snakeToken(login));
    const changed = await maint.call("PUT", "oni", ["concept", child], { rankName: "family" });
    t.is(changed.status, 200, changed.text);
    const history = (await kb.call("GET", "oni", ["history", "concept", child])).json as {
      id: number;
      approved: boolean;
    }[];
    const pending = history.find((item) => !item.approved);
    t.truthy(pending);
    const approved = await kb.call("PUT", "oni", ["history", "approve", String(pending?.id)]);
    t.is(approved.status, 200, approved.text);
  });

  test(`${backend}: the annotation counts and renames the editor runs before renaming a concept`, async (t) => {
    const client = platform(backend);
    const kb = await adminEditor(client);
    const name = `Grimpoteuthis A/B & Ü ${uniqueSuffix()}`;
    const count = await kb.call("POST", "annosaurus", ["fast", "count"], { concepts: [name] });
    t.is(count.status, 200, count.text);
    t.is((count.json as { content: { count: number } }).content.count, 0);
    const observations = await kb.call("GET", "annosaurus", ["observations", "concept", "count", name]);
    t.is(observations.status, 200, observations.text);
    t.is((observations.json as { count: number }).count, 0);
    const associations = await kb.call("GET", "annosaurus", ["associations", "toconcept", "count", name]);
    t.is(associations.status, 200, associations.text);
    t.is((associations.json as { count: number }).count, 0);
    const annoToken = snakeToken(
      await client.send("POST", "/anno/v1/auth", { headers: { Authorization: `APIKEY ${client.apiKey}` } }),
    );
    const anno = await editor(client, annoToken);
    const renamed = await anno.call("PUT", "annosaurus", ["observations", "concept", "rename"], {
      old: name,
      new: `${name} new`,
    });
    t.is(renamed.status, 200, renamed.text);
    const toConcept = await anno.call("PUT", "annosaurus", ["associations", "toconcept", "rename"], {
      old: name,
      new: `${name} new`,
    });
    t.is(toConcept.status, 200, toConcept.text);
    const templates = await kb.call("PUT", "oni", ["linktemplates", "toconcept", "rename"], {
      old: name,
      new: `${name} new`,
    });
    t.is(templates.status, 200, templates.text);
  });

  test(`${backend}: deleting a concept by its encoded name answers 200 and the editor's check then sees 404`, async (t) => {
    const client = platform(backend);
    const { child, kb } = await tree(client);
    const deleted = await kb.call("DELETE", "oni", ["concept", child]);
    t.is(deleted.status, 200, deleted.text);
    const check = await kb.call("GET", "oni", ["concept", child]);
    t.is(check.status, 404);
    t.is((check.json as { message?: string }).message === undefined, false);
  });
}
