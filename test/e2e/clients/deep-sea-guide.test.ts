/**
 * Replays the Deep-Sea Guide web app (Vue, in a browser). Its source is not public; the built
 * bundle is, in mbari-org/vars-quickstart-public temp/nginx/html/dsg/assets/ (oni-*.js holds
 * the API classes, index-*.js the routes). It shares vars-query-vue's OniApi and RazielApi:
 * GET <config>/endpoints in CORS mode, the service named "oni" looked up by `name`, then
 * CORS GETs with encodeURIComponent'd concept names: /concept, /concept/{name},
 * /concept/parent/{name}, /concept/children/{name}, /concept/find/{glob}, /phylogeny/up,
 * /phylogeny/down, /phylogeny/basic, /phylogeny/taxa, /phylogeny/siblings, /links and
 * /dsg/images/representative/{name}?limit=N (findRepresentativeImagesByName, default 12). Its
 * image carousel (ConceptView-*.js) reads url, mimeType, isPrimary, name, caption and credit of
 * each image; its fallback (representativeImagesFor in oni-*.js) takes the concept's media whose
 * mimeType starts with image/, else media of descendants from /phylogeny/taxa and /concept/{name}.
 * Every answer goes through `r.json()`.
 * Runs on the real kb dump (services/kb/seed), as `npm start -- --import-kb` loads it.
 */
import test from "ava";
import {
  basicCredentials,
  type ClientPlatform,
  uniqueSuffix,
  useClientPlatforms,
} from "../../support/e2e/client-replay.js";
import { BACKENDS } from "../../support/e2e/test-platform.js";

const platform = useClientPlatforms(test, { importKb: true });
const ORIGIN = "https://dsg.example.org";

async function oniGet(client: ClientPlatform, path: string) {
  const endpoints = (await client.send("GET", "/config/endpoints", { headers: { Origin: ORIGIN } })).json as {
    name: string;
    url: string;
  }[];
  const url = endpoints.find((endpoint) => endpoint.name === "oni")?.url ?? "";
  const reply = await client.send("GET", `${new URL(url).pathname.replace(/\/$/, "")}${path}`, {
    headers: { Origin: ORIGIN },
  });
  return reply;
}

/** A concept of the real kb with children, a parent and a name with a space. */
async function someSpecies(client: ClientPlatform): Promise<{ name: string; parent: string }> {
  const names = (await oniGet(client, "/concept")).json as string[];
  for (const name of names) {
    if (!name.includes(" ")) continue;
    const parent = await oniGet(client, `/concept/parent/${encodeURIComponent(name)}`);
    if (parent.status === 200) return { name, parent: (parent.json as { name: string }).name };
  }
  throw new Error("no concept with a space in the kb dump");
}

interface ConceptMedia {
  url: string;
  mimeType: string;
  isPrimary: boolean;
}

/** The fields the guide's ConceptImageCarousel reads of each image. */
interface CarouselImage {
  url: string;
  mimeType: string;
  isPrimary: boolean;
  name: string;
  caption: string | null;
  credit: string | null;
}

async function conceptOf(client: ClientPlatform, name: string) {
  return (await oniGet(client, `/concept/${encodeURIComponent(name)}`)).json as {
    name: string;
    media: ConceptMedia[];
  };
}

/** A concept of the real kb with images of its own and a space in its name. */
async function conceptWithImages(client: ClientPlatform) {
  const names = (await oniGet(client, "/concept")).json as string[];
  for (const name of names) {
    if (!name.includes(" ")) continue;
    const concept = await conceptOf(client, name);
    if (concept.media.filter((media) => media.mimeType.startsWith("image/")).length > 1) return concept;
  }
  throw new Error("no concept with images in the kb dump");
}

for (const backend of BACKENDS) {
  test(`${backend}: listAllConcepts and listLinks answer arrays the guide keeps in its store`, async (t) => {
    const client = platform(backend);
    const concepts = await oniGet(client, "/concept");
    t.is(concepts.status, 200);
    t.true((concepts.json as string[]).length > 4000);
    t.truthy(concepts.headers.get("access-control-allow-origin"));
    const links = await oniGet(client, "/links");
    t.true(Array.isArray(links.json));
    const [link] = links.json as Record<string, unknown>[];
    for (const field of ["linkName", "toConcept", "linkValue"]) t.is(typeof link?.[field], "string", field);
  });

  test(`${backend}: a species page reads the concept, its tree up and down, ancestors, taxa and siblings`, async (t) => {
    const client = platform(backend);
    const { name, parent } = await someSpecies(client);
    const encoded = encodeURIComponent(name);
    const concept = (await oniGet(client, `/concept/${encoded}`)).json as Record<string, unknown>;
    t.is(concept.name, name);
    t.true(Array.isArray(concept.alternateNames));
    const up = (await oniGet(client, `/phylogeny/up/${encoded}`)).json as {
      name: string;
      children?: unknown[];
    };
    t.is(up.name, "object");
    const down = await oniGet(client, `/phylogeny/down/${encodeURIComponent(parent)}`);
    const children = (down.json as { children: { name: string }[] }).children;
    t.true(children.some((child) => child.name === name));
    const basic = (await oniGet(client, `/phylogeny/basic/${encoded}`)).json as {
      name: string;
      rank?: unknown;
    }[];
    t.is(basic.at(-1)?.name, name);
    t.is(basic[0]?.name, "object");
    const taxa = (await oniGet(client, `/phylogeny/taxa/${encodeURIComponent(parent)}`)).json as {
      name: string;
    }[];
    t.true(taxa.some((taxon) => taxon.name === name));
    const siblings = (await oniGet(client, `/phylogeny/siblings/${encoded}`)).json as { name: string }[];
    t.true(siblings.some((sibling) => sibling.name === name));
    const kids = await oniGet(client, `/concept/children/${encodeURIComponent(parent)}`);
    t.true((kids.json as { name: string }[]).some((child) => child.name === name));
  });

  test(`${backend}: the search box's glob finds concepts containing the typed text`, async (t) => {
    const client = platform(backend);
    const { name } = await someSpecies(client);
    const glob = name.split(" ")[0] ?? name;
    const found = await oniGet(client, `/concept/find/${encodeURIComponent(glob)}`);
    t.is(found.status, 200, found.text);
    t.true((found.json as { name: string }[]).some((concept) => concept.name === name));
  });

  test(`${backend}: findRepresentativeImagesByName answers what the carousel reads, the concept's own images first`, async (t) => {
    const client = platform(backend);
    const withImages = await conceptWithImages(client);
    const reply = await oniGet(
      client,
      `/dsg/images/representative/${encodeURIComponent(withImages.name)}?limit=12`,
    );
    t.is(reply.status, 200, reply.text);
    t.truthy(reply.headers.get("access-control-allow-origin"));
    const images = reply.json as CarouselImage[];
    // What representativeImagesFor keeps of the concept itself: its media whose mimeType is image/...
    const own = withImages.media.filter((media) => media.mimeType.startsWith("image/"));
    t.deepEqual(images.map((image) => image.url).sort(), own.map((media) => media.url).sort());
    t.is(
      images[0]?.isPrimary,
      own.some((media) => media.isPrimary),
    );
    for (const image of images) {
      t.is(image.name, withImages.name);
      t.true(image.mimeType.startsWith("image/"));
      t.true(image.caption === null || typeof image.caption === "string");
      t.true(image.credit === null || typeof image.credit === "string");
    }
  });

  test(`${backend}: without images of its own, a concept's representative images are its descendants', each URL once`, async (t) => {
    const client = platform(backend);
    const names = (await oniGet(client, "/concept")).json as string[];
    let checked = 0;
    for (const name of names) {
      const concept = await conceptOf(client, name);
      if (concept.media.some((media) => media.mimeType.startsWith("image/"))) continue;
      const images = (await oniGet(client, `/dsg/images/representative/${encodeURIComponent(name)}?limit=6`))
        .json as CarouselImage[];
      if (images.length === 0) continue;
      // The guide's fallback: /phylogeny/taxa, then /concept/{descendant} and its media.
      const taxa = (await oniGet(client, `/phylogeny/taxa/${encodeURIComponent(name)}`)).json as {
        name: string;
      }[];
      const descendants = new Set(taxa.map((taxon) => taxon.name).filter((taxon) => taxon !== name));
      t.true(images.length <= 6);
      t.is(new Set(images.map((image) => image.url)).size, images.length);
      t.deepEqual(
        images.map((image) => image.isPrimary),
        images.map((_, index) => index === 0),
      );
      for (const image of images) {
        t.true(descendants.has(image.name), `${image.name} is below ${name}`);
        const owner = await conceptOf(client, image.name);
        t.true(owner.media.some((media) => media.url === image.url));
      }
      if (++checked === 3) break;
    }
    t.is(checked, 3);
  });

  test(`${backend}: an image added to a concept through the kb is its representative image at the next ask`, async (t) => {
    const client = platform(backend);
    const names = (await oniGet(client, "/concept")).json as string[];
    const leaf = (await conceptOf(client, names.find((name) => name.startsWith("Sebastes ")) ?? "")).name;
    const before = (await oniGet(client, `/dsg/images/representative/${encodeURIComponent(leaf)}?limit=12`))
      .json as CarouselImage[];
    const login = await client.send("POST", "/kb/v1/auth/login", {
      headers: { Authorization: basicCredentials(client.admin.username, client.admin.password) },
    });
    const token = (login.json as { access_token: string }).access_token;
    const url = `https://images.example.org/dsg/${uniqueSuffix()}.png`;
    const added = await client.send("POST", "/kb/v1/media", {
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ conceptName: leaf, url, isPrimary: true, caption: "added", credit: "m3 test" }),
    });
    t.is(added.status, 200, added.text);
    const after = (await oniGet(client, `/dsg/images/representative/${encodeURIComponent(leaf)}?limit=12`))
      .json as CarouselImage[];
    t.like(after[0], { url, isPrimary: true, name: leaf, caption: "added", credit: "m3 test" });
    t.is(after.length, Math.min(12, before.filter((image) => image.name === leaf).length + 1));
  });

  test(`${backend}: representative images of an unknown concept are a JSON 404, a bad limit a JSON 400`, async (t) => {
    const client = platform(backend);
    const unknown = await oniGet(
      client,
      `/dsg/images/representative/${encodeURIComponent("no such concept")}?limit=12`,
    );
    t.is(unknown.status, 404);
    t.is((unknown.json as { responseCode: number }).responseCode, 404);
    const { name } = await conceptWithImages(client);
    for (const limit of ["0", "twelve", "1001"]) {
      const bad = await oniGet(
        client,
        `/dsg/images/representative/${encodeURIComponent(name)}?limit=${limit}`,
      );
      t.is(bad.status, 400, limit);
      t.is(typeof (bad.json as { message: string }).message, "string");
    }
  });
}
