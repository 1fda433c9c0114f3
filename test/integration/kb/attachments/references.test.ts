import test from "ava";
import {
  BACKENDS,
  closeAttachments,
  openAttachments,
  rejectsWith,
  unique,
} from "../../../support/kb/attachments-harness.js";

test.after.always(closeAttachments);

for (const backend of BACKENDS) {
  test(`${backend}: references are created, paged by citation, updated and deleted`, async (t) => {
    const kb = await openAttachments(backend);
    const b = await kb.references.create({ citation: "Beta 2001", doi: "https://doi.org/10.1/b" });
    const a = await kb.references.create({ citation: "Alpha 1999" });
    t.like(b, { reference: { citation: "Beta 2001", doi: "https://doi.org/10.1/b" }, concepts: [] });
    t.is(a.reference.doi, null);
    const page = await kb.references.list(undefined, undefined);
    t.deepEqual(
      page.content.map((view) => view.reference.citation),
      ["Alpha 1999", "Beta 2001"],
    );
    t.like(page, { limit: 100, offset: 0 });
    t.deepEqual(
      (await kb.references.list(1, 1)).content.map((view) => view.reference.citation),
      ["Beta 2001"],
    );
    const updated = await kb.references.update(a.reference.id, { citation: "Alpha 2000", doi: "10.1/a" });
    t.like(updated.reference, { citation: "Alpha 2000", doi: "10.1/a" });
    await kb.references.delete(a.reference.id);
    await rejectsWith(t, kb.references.get(a.reference.id), "NOT_FOUND", /Reference with ID \d+ not found/);
    await rejectsWith(t, kb.references.delete(a.reference.id), "NOT_FOUND");
    await rejectsWith(t, kb.references.list(-1, 0), "INVALID_ARGUMENT", /limit/);
  });

  test(`${backend}: a DOI belongs to one reference and is found exactly`, async (t) => {
    const kb = await openAttachments(backend);
    const doi = `10.1/${unique("d")}`;
    const created = await kb.references.create({ citation: "C", doi });
    await rejectsWith(t, kb.references.create({ citation: "D", doi }), "ALREADY_EXISTS", /already exists/);
    const other = await kb.references.create({ citation: "E" });
    await rejectsWith(t, kb.references.update(other.reference.id, { doi }), "ALREADY_EXISTS");
    t.is((await kb.references.findByDoi(doi)).reference.id, created.reference.id);
    await rejectsWith(t, kb.references.findByDoi(`${doi}x`), "NOT_FOUND", /Reference with DOI/);
    await rejectsWith(t, kb.references.findByDoi(undefined), "INVALID_ARGUMENT", /doi is required/);
    await rejectsWith(t, kb.references.create({ citation: " " }), "INVALID_ARGUMENT", /citation/);
  });

  test(`${backend}: citation search is a literal, case-insensitive substring`, async (t) => {
    const kb = await openAttachments(backend);
    await kb.references.create({ citation: "Smith, J. Deep sea squid 100% found" });
    await kb.references.create({ citation: "Jones. Deep_sea octopus" });
    await kb.references.create({ citation: "Brown. Shallow reefs" });
    const find = async (text: string) =>
      (await kb.references.searchByCitation(text, undefined, undefined)).content.map(
        (v) => v.reference.citation,
      );
    t.deepEqual(await find("deep sea"), ["Smith, J. Deep sea squid 100% found"]);
    t.deepEqual(await find("100%"), ["Smith, J. Deep sea squid 100% found"]);
    t.deepEqual(await find("deep_sea"), ["Jones. Deep_sea octopus"]);
    t.deepEqual(await find("h_ J"), []);
    t.deepEqual(await find("%"), ["Smith, J. Deep sea squid 100% found"]);
    t.is((await find(". ")).length, 3);
    await rejectsWith(
      t,
      kb.references.searchByCitation(undefined, 1, 0),
      "INVALID_ARGUMENT",
      /citation is required/,
    );
  });

  test(`${backend}: references link to concepts by any name and list their primary names`, async (t) => {
    const kb = await openAttachments(backend);
    const root = unique("Root");
    const synonym = unique("object");
    await kb.concept(root, undefined, [synonym]);
    const created = await kb.references.create({ citation: "Linked" });
    const linked = await kb.references.addConcept(created.reference.id, synonym);
    t.deepEqual(linked.concepts, [root]);
    t.deepEqual((await kb.references.addConcept(created.reference.id, root)).concepts, [root]);
    t.deepEqual((await kb.references.get(created.reference.id)).concepts, [root]);
    await rejectsWith(t, kb.references.addConcept(created.reference.id, unique("nope")), "NOT_FOUND");
    await rejectsWith(t, kb.references.addConcept(987654, root), "NOT_FOUND");
    t.deepEqual((await kb.references.removeConcept(created.reference.id, root)).concepts, []);
  });
}
