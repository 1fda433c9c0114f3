import test from "ava";
import { addConcept, addSynonym, attachmentActors } from "../../support/e2e/kb-attachments.js";
import { assertError, KB_BACKENDS, uniqueName, useKbPlatforms } from "../../support/e2e/kb-people.js";

const platform = useKbPlatforms(test);

interface Reference {
  id: number;
  citation: string;
  doi: string | null;
  concepts: string[];
  lastUpdated: string;
}

for (const backend of KB_BACKENDS) {
  const actors = () => attachmentActors(backend, platform);

  test(`${backend}: references are created with any token, updated, fetched and deleted`, async (t) => {
    const a = await actors();
    const doi = `https://doi.org/10.1/${uniqueName("d")}`;
    const created = await a.http.post("/kb/v1/references", {
      auth: a.apiKeyAuth,
      json: { citation: "Smith 2020. Squid.", doi, concepts: ["ignored"], id: 1 },
    });
    t.is(created.status, 200, created.text);
    const reference = created.json as Reference;
    t.like(reference, { citation: "Smith 2020. Squid.", doi, concepts: [] });
    t.regex(reference.lastUpdated, /Z$/);
    const updated = await a.http.put(`/kb/v1/references/${reference.id}`, {
      auth: a.apiKeyAuth,
      json: { citation: "Smith 2021. Squid." },
    });
    t.like(updated.json, { citation: "Smith 2021. Squid.", doi });
    t.like((await a.http.get(`/kb/v1/references/${reference.id}`)).json, { citation: "Smith 2021. Squid." });
    t.like((await a.http.post("/kb/v1/references/query/doi", { auth: false, json: { doi } })).json, {
      id: reference.id,
    });
    assertError(
      t,
      await a.http.post("/kb/v1/references", { auth: a.apiKeyAuth, json: { citation: "x", doi } }),
      409,
    );
    t.deepEqual((await a.http.delete(`/kb/v1/references/${reference.id}`, { auth: a.apiKeyAuth })).json, {});
    assertError(t, await a.http.get(`/kb/v1/references/${reference.id}`), 404, /not found/);
    assertError(t, await a.http.delete(`/kb/v1/references/${reference.id}`, { auth: a.apiKeyAuth }), 404);
    assertError(t, await a.http.post("/kb/v1/references", { auth: false, json: { citation: "x" } }), 401);
  });

  test(`${backend}: citation queries take plain text as a substring with paging; DOI queries need a DOI`, async (t) => {
    const a = await actors();
    const tag = uniqueName("tag");
    for (const citation of [`B ${tag} deep sea`, `A ${tag} 100% deep`, `C ${tag}_x`]) {
      await a.http.post("/kb/v1/references", { auth: a.apiKeyAuth, json: { citation } });
    }
    const search = async (citation: string, query = "") =>
      (await a.http.post(`/kb/v1/references/query/citation${query}`, { auth: false, json: { citation } }))
        .json as {
        content: Reference[];
        limit: number;
        offset: number;
      };
    const all = await search(tag);
    t.like(all, { limit: 100, offset: 0 });
    t.deepEqual(
      all.content.map((r) => r.citation[0]),
      ["A", "B", "C"],
    );
    t.deepEqual((await search(`${tag} deep sea`)).content.length, 1);
    t.deepEqual((await search(`${tag} 100%`)).content.length, 1);
    t.deepEqual((await search(`${tag}_`)).content.length, 1);
    t.deepEqual(
      (await search(tag, "?limit=1&offset=1")).content.map((r) => r.citation[0]),
      ["B"],
    );
    assertError(
      t,
      await a.http.post("/kb/v1/references/query/citation", { auth: false, json: {} }),
      400,
      "citation is required",
    );
    assertError(
      t,
      await a.http.post("/kb/v1/references/query/doi", { auth: false, json: {} }),
      400,
      "doi is required",
    );
    assertError(
      t,
      await a.http.post("/kb/v1/references/query/doi", { auth: false, json: { doi: "10.0/none" } }),
      404,
    );
    const page = (await a.http.get("/kb/v1/references?limit=2")).json as {
      content: Reference[];
      limit: number;
    };
    t.is(page.limit, 2);
    t.true(page.content.length <= 2);
  });

  test(`${backend}: citation globs: * and ? are wildcards over the whole citation, % and _ are literal`, async (t) => {
    const a = await actors();
    const tag = uniqueName("glob");
    for (const citation of [`${tag} Smith 1999`, `${tag} Smyth 2001`, `${tag} 50% off`, `${tag} a_b`]) {
      await a.http.post("/kb/v1/references", { auth: a.apiKeyAuth, json: { citation } });
    }
    const citations = async (pattern: string) =>
      (
        (await a.http.post("/kb/v1/references/query/citation", { auth: false, json: { citation: pattern } }))
          .json as { content: Reference[] }
      ).content.map((reference) => reference.citation);
    t.deepEqual(await citations(`${tag} Sm?th*`), [`${tag} Smith 1999`, `${tag} Smyth 2001`]);
    t.deepEqual(await citations(`${tag}*19?9`), [`${tag} Smith 1999`]);
    t.deepEqual(await citations(`${tag.toUpperCase()} SMITH*`), [`${tag} Smith 1999`]);
    t.deepEqual(await citations(`*${tag} *%*`), [`${tag} 50% off`]);
    t.deepEqual(await citations(`${tag} a_b`), [`${tag} a_b`]);
    t.deepEqual(await citations(`${tag} a%b`), []);
    t.deepEqual(await citations(`${tag} a?b`), [`${tag} a_b`]);
    t.deepEqual(await citations(`${tag} Sm`), [`${tag} Smith 1999`, `${tag} Smyth 2001`]);
    t.deepEqual(await citations(`Sm?th*`), [], "a glob matches the whole citation");
    t.deepEqual(await citations(`${tag} 'x'); DROP TABLE literature_references; --`), []);
    t.is((await a.http.get("/kb/v1/references?limit=1")).status, 200);
  });

  test(`${backend}: references link to concepts by any name and show primary names`, async (t) => {
    const a = await actors();
    const concept = await addConcept(a, "whale");
    const synonym = await addSynonym(a, concept);
    const reference = (
      await a.http.post("/kb/v1/references", { auth: a.apiKeyAuth, json: { citation: uniqueName("linked") } })
    ).json as Reference;
    const added = await a.http.put(`/kb/v1/references/add/${reference.id}/to/${synonym}`, {
      auth: a.apiKeyAuth,
    });
    t.like(added.json, { concepts: [concept] });
    const metadata = (await a.http.get(`/kb/v1/concept/${concept}`)).json as { references: Reference[] };
    t.like(metadata.references, [{ id: reference.id }]);
    const removed = await a.http.put(`/kb/v1/references/remove/${reference.id}/from/${concept}`, {
      auth: a.apiKeyAuth,
    });
    t.like(removed.json, { concepts: [] });
    assertError(
      t,
      await a.http.put(`/kb/v1/references/add/${reference.id}/to/nope-nope`, { auth: a.apiKeyAuth }),
      404,
    );
    assertError(
      t,
      await a.http.put(`/kb/v1/references/add/987654321/to/${concept}`, { auth: a.apiKeyAuth }),
      404,
    );
  });

  test(`${backend}: a concept lists its references by citation, then id, whatever order they were created and linked in`, async (t) => {
    const a = await actors();
    const concept = await addConcept(a, "ordered");
    const tag = uniqueName("cite");
    const ids: Record<string, number> = {};
    for (const [key, citation] of [
      ["C", `${tag} C`],
      ["A1", `${tag} A`],
      ["B", `${tag} B`],
      ["A2", `${tag} A`],
    ]) {
      const created = await a.http.post("/kb/v1/references", { auth: a.apiKeyAuth, json: { citation } });
      ids[key as string] = (created.json as Reference).id;
    }
    for (const key of ["B", "A2", "C", "A1"]) {
      const added = await a.http.put(`/kb/v1/references/add/${ids[key]}/to/${concept}`, {
        auth: a.apiKeyAuth,
      });
      t.is(added.status, 200, added.text);
    }
    const metadata = (await a.http.get(`/kb/v1/concept/${concept}`)).json as { references: Reference[] };
    t.deepEqual(
      metadata.references.map((reference) => reference.id),
      [ids.A1, ids.A2, ids.B, ids.C],
    );
  });
}
