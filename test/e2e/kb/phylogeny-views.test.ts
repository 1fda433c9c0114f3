import test from "ava";
import { KB_BACKENDS, useKbPlatforms } from "../../support/e2e/kb-people.js";
import {
  addConcept,
  addName,
  type PhylogenyActors,
  phylogenyActors,
  phylogenyPath,
  unique,
} from "../../support/kb/phylogeny-http.js";

const platform = useKbPlatforms(test);

/** top (subphylum, synonym) > {a > leaf, b} under the kb's root; names sort as a tree walk. */
async function plant(actors: PhylogenyActors) {
  const top = unique("Top");
  const synonym = `${top}-syn`;
  const [a, leaf, b] = [`${top}-a`, `${top}-a-leaf`, `${top}-b`];
  await addConcept(actors, top, actors.root, { rankLevel: "sub", rankName: "phylum" });
  await addName(actors, top, synonym, "synonym");
  await addConcept(actors, a, top);
  await addConcept(actors, leaf, a);
  await addConcept(actors, b, top);
  return { top, synonym, a, leaf, b };
}

for (const backend of KB_BACKENDS) {
  test(`${backend}: GET /v1/phylogeny/down and /up nest SerdeConcepts without nulls or empty lists`, async (t) => {
    const actors = await phylogenyActors(backend, platform);
    const { top, synonym, a, leaf, b } = await plant(actors);
    const down = await actors.http.get(phylogenyPath("down", synonym));
    t.is(down.status, 200, down.text);
    t.deepEqual(down.json, {
      name: top,
      rank: "subphylum",
      alternativeNames: [synonym],
      children: [{ name: a, children: [{ name: leaf }] }, { name: b }],
    });
    const up = await actors.http.get(phylogenyPath("up", leaf));
    t.is(up.status, 200, up.text);
    t.deepEqual(up.json, {
      name: actors.root,
      children: [
        {
          name: top,
          rank: "subphylum",
          alternativeNames: [synonym],
          children: [{ name: a, children: [{ name: leaf }] }],
        },
      ],
    });
  });

  test(`${backend}: GET /v1/phylogeny/basic, /taxa and /siblings list flat SerdeConcepts`, async (t) => {
    const actors = await phylogenyActors(backend, platform);
    const { top, synonym, a, leaf, b } = await plant(actors);
    const basic = await actors.http.get(phylogenyPath("basic", leaf));
    t.is(basic.status, 200, basic.text);
    t.deepEqual(basic.json, [
      { name: actors.root },
      { name: top, rank: "subphylum", alternativeNames: [synonym] },
      { name: a },
      { name: leaf },
    ]);
    const taxa = await actors.http.get(phylogenyPath("taxa", top));
    t.deepEqual(taxa.json, [
      { name: top, rank: "subphylum", alternativeNames: [synonym] },
      { name: a },
      { name: leaf },
      { name: b },
    ]);
    const siblings = await actors.http.get(phylogenyPath("siblings", b));
    t.deepEqual(siblings.json, [{ name: a }, { name: b }]);
    const rootSiblings = await actors.http.get(phylogenyPath("siblings", actors.root));
    t.is(rootSiblings.status, 200);
    t.deepEqual(rootSiblings.json, []);
  });

  test(`${backend}: unknown names give 404 "Not found" JSON, except siblings which give []`, async (t) => {
    const actors = await phylogenyActors(backend, platform);
    for (const view of ["up", "down", "basic", "taxa"]) {
      const reply = await actors.http.get(phylogenyPath(view, unique("nothing")));
      t.is(reply.status, 404, `${view}: ${reply.text}`);
      t.deepEqual(reply.json, { message: "Not found", responseCode: 404 });
    }
    const siblings = await actors.http.get(phylogenyPath("siblings", unique("nothing")));
    t.is(siblings.status, 200);
    t.deepEqual(siblings.json, []);
  });

  test(`${backend}: a deleted concept and a renamed one are seen on the next phylogeny request`, async (t) => {
    const actors = await phylogenyActors(backend, platform);
    const { top, a, leaf, b } = await plant(actors);
    t.is((await actors.http.get(phylogenyPath("up", leaf))).status, 200);
    const deleted = await actors.http.delete(`/kb/v1/concept/${encodeURIComponent(leaf)}`, {
      auth: actors.adminAuth,
    });
    t.is(deleted.status, 200, deleted.text);
    t.is((await actors.http.get(phylogenyPath("up", leaf))).status, 404);
    t.deepEqual((await actors.http.get(phylogenyPath("down", a))).json, { name: a });

    const renamed = await actors.http.put(`/kb/v1/names/${encodeURIComponent(b)}`, {
      auth: actors.adminAuth,
      json: { newName: `${b}-new` },
    });
    t.is(renamed.status, 200, renamed.text);
    t.is((await actors.http.get(phylogenyPath("down", b))).status, 404);
    t.deepEqual(
      (
        (await actors.http.get(phylogenyPath("down", top))).json as { children: { name: string }[] }
      ).children.map((child) => child.name),
      [a, `${b}-new`],
    );
  });
}
