import test from "ava";
import { addConcept, addSynonym, attachmentActors, historyOf } from "../../support/e2e/kb-attachments.js";
import { assertError, KB_BACKENDS, uniqueName, useKbPlatforms } from "../../support/e2e/kb-people.js";

const platform = useKbPlatforms(test);

interface ExtendedLink {
  id: number;
  concept: string;
  linkName: string;
  toConcept: string;
  linkValue: string;
  lastUpdated: string;
}

const short = (links: unknown) =>
  (links as ExtendedLink[]).map((l) => `${l.linkName} | ${l.toConcept} | ${l.linkValue}`);

for (const backend of KB_BACKENDS) {
  const actors = () => attachmentActors(backend, platform);

  test(`${backend}: templates are inherited by descendants through /links and /linktemplates/query/for`, async (t) => {
    const a = await actors();
    const parent = await addConcept(a, "parent");
    const child = await addConcept(a, "child", parent);
    const target = await addConcept(a, "target");
    const synonym = await addSynonym(a, target);
    const linkName = uniqueName("eats");
    const created = await a.http.post("/kb/v1/linktemplates", {
      auth: a.adminAuth,
      json: { concept: parent, linkName, toConcept: synonym },
    });
    t.is(created.status, 200, created.text);
    t.like(created.json, { concept: parent, linkName, toConcept: target, linkValue: "nil" });
    await a.http.post("/kb/v1/linktemplates", {
      auth: a.maintAuth,
      json: { concept: child, linkName: `${linkName}-own` },
    });
    assertError(
      t,
      await a.http.post("/kb/v1/linktemplates", {
        auth: a.adminAuth,
        json: { concept: child, linkName, toConcept: target },
      }),
      409,
    );
    t.deepEqual(
      short((await a.http.get(`/kb/v1/links/${child}`)).json).filter((s) => s.startsWith(linkName)),
      [`${linkName} | ${target} | nil`, `${linkName}-own | self | nil`],
    );
    t.is(((await a.http.get(`/kb/v1/links/${child}/using/${linkName}`)).json as unknown[]).length, 1);
    const forChild = (await a.http.get(`/kb/v1/linktemplates/query/for/${child}/using/${linkName}`)).json;
    t.like(forChild, [{ concept: parent, linkName }]);
    t.is((await a.http.get(`/kb/v1/linktemplates/concept/count/${child}`)).text, "1");
    t.is((await a.http.get(`/kb/v1/linktemplates/toconcept/count/${synonym}`)).text, "1");
    t.like((await a.http.get(`/kb/v1/linktemplates/toconcept/${target}`)).json, [{ linkName }]);
    const prototype = await a.http.post("/kb/v1/linktemplates/prototype", {
      auth: false,
      json: { linkName, toConcept: synonym, linkValue: "nil" },
    });
    t.like(prototype.json, [{ concept: parent }]);
    const all = (await a.http.get("/kb/v1/links")).json as ExtendedLink[];
    t.true(all.some((l) => l.linkName === linkName));
    t.like(
      (await historyOf(a.http, parent)).find((h) => h.field === "LinkTemplate"),
      {
        action: "ADD",
        newValue: `${linkName} | ${target} | nil`,
      },
    );
    assertError(t, await a.http.get("/kb/v1/links/nope-nope"), 404);
  });

  test(`${backend}: templates are paged, counted, updated, renamed and deleted`, async (t) => {
    const a = await actors();
    const concept = await addConcept(a, "owner");
    const old = uniqueName("old");
    const created = (
      await a.http.post("/kb/v1/linktemplates", {
        auth: a.adminAuth,
        json: { concept, linkName: "n", toConcept: old },
      })
    ).json as ExtendedLink;
    const count = (await a.http.get("/kb/v1/linktemplates/count")).json as { count: number };
    t.true(count.count >= 1);
    const page = (await a.http.get(`/kb/v1/linktemplates?limit=${count.count}`)).json as {
      content: ExtendedLink[];
      limit: number;
      offset: number;
    };
    t.like(page, { limit: count.count, offset: 0 });
    t.deepEqual(short(page.content), [...short(page.content)].sort());
    const renamed = await a.http.put("/kb/v1/linktemplates/toconcept/rename", {
      auth: a.adminAuth,
      json: { old, new: `${old}-new` },
    });
    t.deepEqual(renamed.json, { oldConcept: old, newConcept: `${old}-new`, count: 1 });
    const updated = await a.http.put(`/kb/v1/linktemplates/${created.id}`, {
      auth: a.adminAuth,
      json: { linkValue: "v" },
    });
    t.like(updated.json, { linkName: "n", toConcept: `${old}-new`, linkValue: "v" });
    t.like((await a.http.get(`/kb/v1/linktemplates/${created.id}`)).json, { linkValue: "v" });
    t.deepEqual((await a.http.delete(`/kb/v1/linktemplates/${created.id}`, { auth: a.adminAuth })).json, {});
    assertError(t, await a.http.get(`/kb/v1/linktemplates/${created.id}`), 404);
    const byService = await a.http.put("/kb/v1/linktemplates/toconcept/rename", {
      auth: a.apiKeyAuth,
      json: { old, new: "x" },
    });
    t.is(byService.status, 200, "the API key's token may do what an admin may");
  });

  test(`${backend}: realizations are per concept, queried by link name and prototype, and a maintainer's delete waits`, async (t) => {
    const a = await actors();
    const concept = await addConcept(a, "fish");
    const linkName = uniqueName("size");
    const created = await a.http.post("/kb/v1/linkrealizations", {
      auth: a.maintAuth,
      json: { concept, linkName, linkValue: "3" },
    });
    t.is(created.status, 200, created.text);
    const realization = created.json as ExtendedLink;
    assertError(
      t,
      await a.http.post("/kb/v1/linkrealizations", {
        auth: a.maintAuth,
        json: { concept, linkName, linkValue: "3" },
      }),
      409,
      /already contains link/,
    );
    t.like((await a.http.get(`/kb/v1/linkrealizations/concept/${concept}`)).json, [{ linkName }]);
    t.like((await a.http.get(`/kb/v1/linkrealizations/query/linkname/${linkName}`)).json, [{ concept }]);
    t.like((await a.http.get(`/kb/v1/links/query/linkrealizations/${linkName}`)).json, [
      { concept, linkValue: "3" },
    ]);
    const prototype = await a.http.post("/kb/v1/linkrealizations/prototype", {
      auth: false,
      json: { linkName, toConcept: "self", linkValue: "3" },
    });
    t.is((prototype.json as unknown[]).length, 1);
    t.like((await a.http.get("/kb/v1/linkrealizations?limit=1")).json, { limit: 1, offset: 0 });
    t.true(((await a.http.get("/kb/v1/linkrealizations/count")).json as { count: number }).count >= 1);
    const updated = await a.http.put(`/kb/v1/linkrealizations/${realization.id}`, {
      auth: a.maintAuth,
      json: { linkValue: "4" },
    });
    t.like(updated.json, { linkValue: "4" });
    t.is(
      (await a.http.delete(`/kb/v1/linkrealizations/${realization.id}`, { auth: a.maintAuth })).status,
      200,
    );
    t.like((await a.http.get(`/kb/v1/linkrealizations/${realization.id}`)).json, { linkValue: "4" });
    const pending = (await historyOf(a.http, concept)).find((h) => h.action === "DELETE");
    if (!pending) return t.fail("no DELETE record");
    t.is(pending.oldValue, `${linkName} | self | 4`);
    t.is((await a.http.put(`/kb/v1/history/approve/${pending.id}`, { auth: a.adminAuth })).status, 200);
    assertError(t, await a.http.get(`/kb/v1/linkrealizations/${realization.id}`), 404);
  });
}
