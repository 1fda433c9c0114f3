import test from "ava";
import { BACKENDS, closeAttachments, unique } from "../../../support/kb/attachments-harness.js";
import { type AttachmentsHttp, startAttachmentsHttp } from "../../../support/kb/attachments-http.js";

const running: AttachmentsHttp[] = [];
test.after.always(async () => {
  await Promise.all(running.map((stack) => stack.stop()));
  await closeAttachments();
});

async function start(backend: (typeof BACKENDS)[number]) {
  const stack = await startAttachmentsHttp(backend);
  running.push(stack);
  return stack;
}

for (const backend of BACKENDS) {
  test(`${backend}: media routes print camelCase JSON with nulls, %20 urls and MIME types`, async (t) => {
    const { kb, http, bearer } = await start(backend);
    const name = unique("Octopus");
    await kb.concept(name);
    const admin = await bearer("admin");
    const created = await http.post("/kb/v1/media", {
      auth: admin,
      json: { conceptName: name, url: "http://x/a b.PNG", mediaType: "IMAGE", isPrimary: true },
    });
    t.is(created.status, 200, created.text);
    const media = created.json as Record<string, unknown>;
    t.like(media, {
      url: "http://x/a%20b.PNG",
      caption: null,
      credit: null,
      mimeType: "image/png",
      isPrimary: true,
      conceptName: name,
    });
    t.regex(String(media.lastUpdated), /Z$/);
    const listed = await http.get(`/kb/v1/media/search/concept/${encodeURIComponent(name)}`);
    t.deepEqual(listed.json, [media]);
    const updated = await http.put(`/kb/v1/media/${media.id}`, {
      auth: admin,
      json: { url: "http://x/b.mp4" },
    });
    t.like(updated.json, { url: "http://x/b.mp4", mimeType: "video/mp4" });
    t.is((await http.get("/kb/v1/media/987654")).status, 404);
    t.is((await http.get(`/kb/v1/media/search/concept/${unique("nope")}`)).status, 404);
    const duplicate = await http.post("/kb/v1/media", {
      auth: admin,
      json: { conceptName: name, url: "http://x/b.mp4" },
    });
    t.is(duplicate.status, 409);
    t.like(duplicate.json, { responseCode: 409 });
    const deleted = await http.delete(`/kb/v1/media/${media.id}`, { auth: admin });
    t.is(deleted.status, 200);
    t.deepEqual(deleted.json, {});
  });

  test(`${backend}: media and link writes need a writer (a user or the API key's service); reference writes any token`, async (t) => {
    const { kb, http, bearer } = await start(backend);
    const name = unique("Octopus");
    await kb.concept(name);
    const body = { json: { conceptName: name, url: "http://x/1.png" } };
    t.is((await http.post("/kb/v1/media", { ...body, auth: false })).status, 401);
    t.is((await http.post("/kb/v1/media", { ...body, auth: await bearer("reader") })).status, 403);
    const byService = { json: { conceptName: name, url: "http://x/by-service.png" }, auth: await bearer() };
    t.is((await http.post("/kb/v1/media", byService)).status, 200);
    t.is((await http.post("/kb/v1/media", { ...body, auth: await bearer("maint") })).status, 200);
    const link = { json: { concept: name, linkName: "eats" } };
    t.is((await http.post("/kb/v1/linktemplates", { ...link, auth: await bearer("reader") })).status, 403);
    t.is((await http.post("/kb/v1/linkrealizations", { ...link, auth: await bearer("maint") })).status, 200);
    const rename = { json: { old: "self", new: "x" } };
    t.is(
      (
        await http.put("/kb/v1/linkrealizations/toconcept/rename", {
          ...rename,
          auth: await bearer("reader"),
        })
      ).status,
      403,
    );
    t.is((await http.post("/kb/v1/references", { json: { citation: "C" }, auth: false })).status, 401);
    t.is(
      (await http.post("/kb/v1/references", { json: { citation: "C" }, auth: await bearer() })).status,
      200,
    );
  });

  test(`${backend}: reference routes page, search, look up by DOI and link concepts`, async (t) => {
    const { kb, http, bearer } = await start(backend);
    const auth = await bearer();
    const name = unique("Root");
    await kb.concept(name);
    const created = await http.post("/kb/v1/references", {
      auth,
      json: { citation: "Deep sea 2020", doi: "10.1/a", concepts: ["ignored"], id: 5 },
    });
    t.is(created.status, 200, created.text);
    const reference = created.json as { id: number };
    t.like(reference, { citation: "Deep sea 2020", doi: "10.1/a", concepts: [] });
    const page = await http.get("/kb/v1/references?limit=10");
    t.like(page.json, { limit: 10, offset: 0, content: [{ citation: "Deep sea 2020" }] });
    const search = await http.post("/kb/v1/references/query/citation?offset=0", {
      auth: false,
      json: { citation: "sea 20" },
    });
    t.like(search.json, { limit: 100, offset: 0, content: [{ id: reference.id }] });
    const missing = await http.post("/kb/v1/references/query/citation", { auth: false, json: {} });
    t.is(missing.status, 400);
    t.like(missing.json, { message: "citation is required" });
    const byDoi = await http.post("/kb/v1/references/query/doi", { auth: false, json: { doi: "10.1/a" } });
    t.like(byDoi.json, { id: reference.id });
    t.is(
      (await http.post("/kb/v1/references/query/doi", { auth: false, json: { doi: "10.1/zz" } })).status,
      404,
    );
    t.is(
      (await http.post("/kb/v1/references", { auth, json: { citation: "D", doi: "10.1/a" } })).status,
      409,
    );
    const added = await http.put(`/kb/v1/references/add/${reference.id}/to/${name}`, { auth });
    t.like(added.json, { concepts: [name] });
    const removed = await http.put(`/kb/v1/references/remove/${reference.id}/from/${name}`, { auth });
    t.like(removed.json, { concepts: [] });
    t.is((await http.get("/kb/v1/references/987654")).status, 404);
    t.deepEqual((await http.delete(`/kb/v1/references/${reference.id}`, { auth })).json, {});
  });

  test(`${backend}: link routes give bare lists and numbers, pages and rename counts`, async (t) => {
    const { kb, http, bearer } = await start(backend);
    const auth = await bearer("admin");
    const root = unique("Root");
    const leaf = unique("Leaf");
    const rootId = await kb.concept(root);
    await kb.concept(leaf, rootId, [unique("syn")]);
    const created = await http.post("/kb/v1/linktemplates", {
      auth,
      json: { concept: root, linkName: "eats" },
    });
    t.is(created.status, 200, created.text);
    const template = created.json as { id: number };
    t.like(template, { concept: root, linkName: "eats", toConcept: "self", linkValue: "nil" });
    await http.post("/kb/v1/linktemplates", {
      auth,
      json: { concept: leaf, linkName: "Color", toConcept: root },
    });
    t.is(
      (await http.post("/kb/v1/linktemplates", { auth, json: { concept: leaf, linkName: "eats" } })).status,
      409,
    );
    t.deepEqual(
      ((await http.get("/kb/v1/links")).json as { linkName: string }[]).map((l) => l.linkName),
      ["Color", "eats"],
    );
    const applicable = (await http.get(`/kb/v1/links/${leaf}`)).json as Record<string, unknown>[];
    t.is(applicable.length, 2);
    t.false("concept" in (applicable[0] ?? {}));
    t.is(((await http.get(`/kb/v1/links/${leaf}/using/eats`)).json as unknown[]).length, 1);
    const inherited = (await http.get(`/kb/v1/linktemplates/query/for/${leaf}`)).json as {
      concept: string;
    }[];
    t.deepEqual(
      inherited.map((l) => l.concept),
      [leaf, root],
    );
    t.is(
      (await http.get(`/kb/v1/linktemplates/query/for/${leaf}/using/Color`)).text,
      (await http.get(`/kb/v1/linktemplates/concept/${leaf}`)).text,
    );
    t.is((await http.get(`/kb/v1/linktemplates/concept/count/${leaf}`)).text, "1");
    t.is((await http.get(`/kb/v1/linktemplates/toconcept/count/${root}`)).text, "1");
    t.is(((await http.get(`/kb/v1/linktemplates/toconcept/${root}`)).json as unknown[]).length, 1);
    t.deepEqual((await http.get("/kb/v1/linktemplates/count")).json, { count: 2 });
    t.like((await http.get("/kb/v1/linktemplates?limit=1&offset=1")).json, {
      limit: 1,
      offset: 1,
      content: [{ linkName: "eats" }],
    });
    const prototype = await http.post("/kb/v1/linktemplates/prototype", {
      auth: false,
      json: { linkName: "Color", toConcept: root, linkValue: "nil" },
    });
    t.is((prototype.json as unknown[]).length, 1);
    const renamed = await http.put("/kb/v1/linktemplates/toconcept/rename", {
      auth,
      json: { old: root, new: "Other" },
    });
    t.deepEqual(renamed.json, { oldConcept: root, newConcept: "Other", count: 1 });
    const updated = await http.put(`/kb/v1/linktemplates/${template.id}`, {
      auth,
      json: { linkValue: "often" },
    });
    t.like(updated.json, { linkName: "eats", linkValue: "often" });
    t.like((await http.get(`/kb/v1/linktemplates/${template.id}`)).json, { linkValue: "often" });
    t.is((await http.get("/kb/v1/linktemplates/987654")).status, 404);
    t.is((await http.get(`/kb/v1/links/${unique("nope")}`)).status, 404);
    t.deepEqual((await http.delete(`/kb/v1/linktemplates/${template.id}`, { auth })).json, {});

    const realization = await http.post("/kb/v1/linkrealizations", {
      auth,
      json: { concept: leaf, linkName: "size", linkValue: "3" },
    });
    t.is(realization.status, 200);
    t.like((await http.get("/kb/v1/links/query/linkrealizations/size")).json, [
      { concept: leaf, linkValue: "3" },
    ]);
    t.like((await http.get("/kb/v1/linkrealizations/query/linkname/size")).json, [{ concept: leaf }]);
    t.like((await http.get(`/kb/v1/linkrealizations/concept/${leaf}`)).json, [{ linkName: "size" }]);
    t.is((await http.get("/kb/v1/linkrealizations/toconcept/count/self")).text, "1");
    t.like((await http.get("/kb/v1/linkrealizations")).json, {
      limit: 100,
      offset: 0,
      content: [{ linkName: "size" }],
    });
  });
}
