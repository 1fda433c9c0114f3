import test from "ava";
import type { LinkView } from "../../../../services/kb/attachments/services/attachment.views.js";
import { attachmentHistoryHandlers } from "../../../../services/kb/attachments/services/attachment-history.handlers.js";
import { shortString } from "../../../../services/kb/attachments/services/link.rules.js";
import { ADMIN, MAINT } from "../../../support/kb/attachments-fakes.js";
import {
  type AttachmentsHarness,
  BACKENDS,
  closeAttachments,
  openAttachments,
  rejectsWith,
  unique,
} from "../../../support/kb/attachments-harness.js";

test.after.always(closeAttachments);

const short = (views: readonly LinkView[]) => views.map((view) => shortString(view.link));

/** root > child > grandchild, each named uniquely, and a target concept with a synonym. */
async function tree(kb: AttachmentsHarness) {
  const names = {
    root: unique("Root"),
    child: unique("Child"),
    leaf: unique("Leaf"),
    target: unique("Squid"),
  };
  const synonym = unique("calamari");
  const rootId = await kb.concept(names.root);
  const childId = await kb.concept(names.child, rootId);
  await kb.concept(names.leaf, childId);
  await kb.concept(names.target, rootId, [synonym]);
  return { ...names, synonym };
}

for (const backend of BACKENDS) {
  test(`${backend}: templates apply to descendants; duplicates along the lineage are refused`, async (t) => {
    const kb = await openAttachments(backend);
    const n = await tree(kb);
    const eats = await kb.templates.create(ADMIN, n.root, { linkName: "eats", toConcept: n.synonym });
    t.like(eats, { concept: n.root, link: { linkName: "eats", toConcept: n.target, linkValue: "nil" } });
    t.like(kb.history.last(), { action: "ADD", field: "LinkTemplate", approveNow: false });
    await kb.templates.create(MAINT, n.child, { linkName: "Color", linkValue: "red" });
    await kb.templates.create(MAINT, n.leaf, { linkName: "alpha" });
    await rejectsWith(
      t,
      kb.templates.create(MAINT, n.leaf, { linkName: "eats", toConcept: n.target }),
      "ALREADY_EXISTS",
      /LinkTemplate, `eats \| .* \| nil` already exists for concept/,
    );
    t.deepEqual(short(await kb.links.listApplicable(n.leaf)), [
      "alpha | self | nil",
      "Color | self | red",
      `eats | ${n.target} | nil`,
    ]);
    t.deepEqual(
      (await kb.links.listApplicable(n.leaf, "eats")).map((view) => view.concept),
      [n.root],
    );
    t.deepEqual(short(await kb.links.listApplicable(n.root)), [`eats | ${n.target} | nil`]);
    t.deepEqual(
      (await kb.links.listAll()).map((link) => link.linkName),
      ["alpha", "Color", "eats"],
    );
    t.deepEqual(short(await kb.templates.listByConcept(n.child)), ["Color | self | red"]);
    t.is(await kb.templates.countByConcept(n.leaf), 1);
    t.is(await kb.templates.count(), 3);
    await rejectsWith(t, kb.links.listApplicable(unique("nope")), "NOT_FOUND");
    await rejectsWith(t, kb.templates.create(ADMIN, unique("nope"), { linkName: "x" }), "NOT_FOUND");
    await rejectsWith(
      t,
      kb.templates.create(ADMIN, n.root, { linkName: " " }),
      "INVALID_ARGUMENT",
      /linkName/,
    );
  });

  test(`${backend}: to-concept queries, prototypes and the bulk rename resolve names`, async (t) => {
    const kb = await openAttachments(backend);
    const n = await tree(kb);
    await kb.templates.create(ADMIN, n.root, { linkName: "eats", toConcept: n.target, linkValue: "often" });
    await kb.templates.create(ADMIN, n.child, { linkName: "eats", toConcept: "krill", linkValue: "often" });
    t.deepEqual(short(await kb.templates.listToConcept(n.synonym)), [`eats | ${n.target} | often`]);
    t.is(await kb.templates.countToConcept(n.synonym), 1);
    t.is(await kb.templates.countToConcept("krill"), 1);
    const prototypes = await kb.templates.findPrototypes({
      linkName: "eats",
      toConcept: n.synonym,
      linkValue: "often",
    });
    t.deepEqual(short(prototypes), [`eats | ${n.target} | often`]);
    t.deepEqual(
      await kb.templates.findPrototypes({ linkName: "eats", toConcept: n.target, linkValue: "x" }),
      [],
    );
    t.is(await kb.templates.renameToConcept("krill", "Euphausia"), 1);
    t.is(await kb.templates.countToConcept("Euphausia"), 1);
    t.is(await kb.templates.renameToConcept("krill", "Euphausia"), 0);
    await rejectsWith(t, kb.templates.renameToConcept("", "x"), "INVALID_ARGUMENT", /old/);
  });

  test(`${backend}: pages hold limit/offset and sort by the short string`, async (t) => {
    const kb = await openAttachments(backend);
    const n = await tree(kb);
    for (const name of ["d", "b", "a", "c"]) await kb.realizations.create(ADMIN, n.leaf, { linkName: name });
    const page = await kb.realizations.page(undefined, undefined);
    t.like(page, { limit: 100, offset: 0 });
    t.deepEqual(short(page.content), [
      "a | self | nil",
      "b | self | nil",
      "c | self | nil",
      "d | self | nil",
    ]);
    t.deepEqual(short((await kb.realizations.page(2, 1)).content), ["b | self | nil", "c | self | nil"]);
    t.is(await kb.realizations.count(), 4);
    t.deepEqual(
      (await kb.realizations.listByLinkName("c")).map((view) => view.concept),
      [n.leaf],
    );
  });

  test(`${backend}: realizations are unique per concept and not inherited`, async (t) => {
    const kb = await openAttachments(backend);
    const n = await tree(kb);
    const made = await kb.realizations.create(ADMIN, n.root, { linkName: "habitat", linkValue: "reef" });
    t.like(kb.history.last(), { action: "ADD", field: "LinkRealization", approveNow: true });
    await kb.realizations.create(ADMIN, n.child, { linkName: "habitat", linkValue: "reef" });
    await rejectsWith(
      t,
      kb.realizations.create(MAINT, n.root, { linkName: "habitat", linkValue: "reef" }),
      "ALREADY_EXISTS",
      /already contains link habitat \| self \| reef/,
    );
    t.deepEqual(short(await kb.realizations.listByConcept(n.child)), ["habitat | self | reef"]);
    const updated = await kb.realizations.update(ADMIN, made.link.id, {
      linkValue: "sand",
      toConcept: n.synonym,
    });
    t.like(updated.link, { linkName: "habitat", toConcept: n.target, linkValue: "sand" });
    t.like(kb.history.last(), {
      action: "REPLACE",
      oldValue: "habitat | self | reef",
      newValue: `habitat | ${n.target} | sand`,
      approveNow: false,
    });
    await rejectsWith(
      t,
      kb.realizations.get(987654),
      "NOT_FOUND",
      /LinkRealization with `987654` was not found/,
    );
    await rejectsWith(t, kb.templates.get(987654), "NOT_FOUND", /LinkTemplate with `987654` was not found/);
  });

  test(`${backend}: link history: reject reverts ADD and REPLACE, approve carries out a deferred DELETE`, async (t) => {
    const kb = await openAttachments(backend);
    const n = await tree(kb);
    const handler = attachmentHistoryHandlers(kb.directory).find((h) => h.field === "LinkTemplate");
    if (!handler) throw new Error("no LinkTemplate handler");
    const process = (fn: typeof handler.approve) =>
      kb.storage.transaction((manager) => fn(manager, kb.history.recordOf(kb.history.last())));

    await kb.templates.create(MAINT, n.root, { linkName: "added" });
    await process(handler.reject);
    t.deepEqual(await kb.templates.listByConcept(n.root), []);

    const kept = await kb.templates.create(MAINT, n.root, { linkName: "kept", linkValue: "v1" });
    await kb.templates.update(MAINT, kept.link.id, { linkValue: "v2" });
    await process(handler.reject);
    t.deepEqual(short(await kb.templates.listByConcept(n.root)), ["kept | self | v1"]);

    await kb.templates.delete(MAINT, kept.link.id);
    t.like(kb.history.last(), { action: "DELETE", oldValue: "kept | self | v1", approveNow: false });
    t.is(await kb.templates.countByConcept(n.root), 1);
    await process(handler.reject);
    t.is(await kb.templates.countByConcept(n.root), 1);
    await process(handler.approve);
    t.is(await kb.templates.countByConcept(n.root), 0);

    const gone = await kb.templates.create(ADMIN, n.root, { linkName: "gone" });
    await kb.templates.delete(ADMIN, gone.link.id);
    await rejectsWith(t, kb.templates.get(gone.link.id), "NOT_FOUND");
  });
}
