import test from "ava";
import { createConceptAttachments } from "../../../../services/kb/attachments/attachments-part.js";
import { ADMIN } from "../../../support/kb/attachments-fakes.js";
import {
  BACKENDS,
  closeAttachments,
  openAttachments,
  unique,
} from "../../../support/kb/attachments-harness.js";

test.after.always(closeAttachments);

for (const backend of BACKENDS) {
  test(`${backend}: forConcepts returns every concept's media, links and references, empty when none`, async (t) => {
    const kb = await openAttachments(backend);
    const first = unique("First");
    const firstId = await kb.concept(first);
    const secondId = await kb.concept(unique("Second"), firstId);
    const emptyId = await kb.concept(unique("Empty"));
    await kb.media.create(ADMIN, first, { url: "http://x/1.png", caption: "c" });
    await kb.templates.create(ADMIN, first, { linkName: "t" });
    await kb.realizations.create(ADMIN, first, { linkName: "r", linkValue: "v" });
    const reference = await kb.references.create({ citation: "Cited", doi: "10.1/x" });
    await kb.references.addConcept(reference.reference.id, first);
    const found = await kb.storage.read((manager) =>
      createConceptAttachments().forConcepts(manager, [firstId, secondId, emptyId]),
    );
    t.deepEqual([...found.keys()].sort(), [firstId, secondId, emptyId].sort());
    const attachments = found.get(firstId);
    t.like(attachments?.media[0], {
      url: "http://x/1.png",
      caption: "c",
      credit: undefined,
      mediaType: "Image",
    });
    t.true(attachments?.media[0]?.isPrimary);
    t.deepEqual(
      attachments?.linkTemplates.map((l) => l.linkName),
      ["t"],
    );
    t.deepEqual(
      attachments?.linkRealizations.map((l) => [l.linkName, l.linkValue]),
      [["r", "v"]],
    );
    t.like(attachments?.references[0], { citation: "Cited", doi: "10.1/x" });
    t.deepEqual(found.get(secondId), { media: [], linkRealizations: [], linkTemplates: [], references: [] });
    t.deepEqual(found.get(emptyId), { media: [], linkRealizations: [], linkTemplates: [], references: [] });
  });

  test(`${backend}: deleting a concept removes its attachments and reference links`, async (t) => {
    const kb = await openAttachments(backend);
    const name = unique("Doomed");
    const id = await kb.concept(name);
    await kb.media.create(ADMIN, name, { url: "http://x/1.png" });
    await kb.realizations.create(ADMIN, name, { linkName: "r" });
    const reference = await kb.references.create({ citation: "Stays" });
    await kb.references.addConcept(reference.reference.id, name);
    await kb.storage.transaction((manager) => manager.query("DELETE FROM concepts WHERE id = ?", [id]));
    t.is(await kb.realizations.count(), 0);
    t.deepEqual((await kb.references.get(reference.reference.id)).concepts, []);
  });
}
