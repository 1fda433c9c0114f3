import test from "ava";
import { attachmentHistoryHandlers } from "../../../../services/kb/attachments/services/attachment-history.handlers.js";
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

function mediaHandler(kb: AttachmentsHarness) {
  const handler = attachmentHistoryHandlers(kb.directory).find((candidate) => candidate.field === "Media");
  if (!handler) throw new Error("no Media handler");
  return handler;
}

for (const backend of BACKENDS) {
  const setup = async () => {
    const kb = await openAttachments(backend);
    const name = unique("Octopus");
    const synonym = unique("octo");
    const conceptId = await kb.concept(name, undefined, [synonym]);
    return { kb, name, synonym, conceptId };
  };

  test(`${backend}: creating media by any concept name infers the type and records an ADD`, async (t) => {
    const { kb, name, synonym, conceptId } = await setup();
    const created = await kb.media.create(MAINT, synonym, { url: "http://x/a b.mp4", caption: "c" });
    t.like(created.media, { url: "http://x/a b.mp4", mediaType: "Video", caption: "c", credit: null });
    t.is(created.conceptName, name);
    t.like(kb.history.last(), {
      conceptId,
      action: "ADD",
      field: "Media",
      newValue: "http://x/a b.mp4",
      approveNow: false,
    });
    const verbatim = await kb.media.create(ADMIN, name, { url: "http://x/b.png", mediaType: "IMAGE" });
    t.is(verbatim.media.mediaType, "IMAGE");
    t.true(kb.history.last().approveNow);
  });

  test(`${backend}: the only media of a type becomes primary; a new primary clears the old one`, async (t) => {
    const { kb, name } = await setup();
    const first = await kb.media.create(ADMIN, name, { url: "http://x/1.png" });
    t.true(first.media.isPrimary);
    const second = await kb.media.create(ADMIN, name, { url: "http://x/2.png" });
    t.false(second.media.isPrimary);
    const video = await kb.media.create(ADMIN, name, { url: "http://x/3.mp4" });
    t.true(video.media.isPrimary);
    const third = await kb.media.create(ADMIN, name, { url: "http://x/4.png", isPrimary: true });
    t.true(third.media.isPrimary);
    const listed = await kb.media.listByConcept(name);
    t.deepEqual(
      listed.map((view) => [view.media.url, view.media.isPrimary]),
      [
        ["http://x/1.png", false],
        ["http://x/2.png", false],
        ["http://x/3.mp4", true],
        ["http://x/4.png", true],
      ],
    );
  });

  test(`${backend}: duplicates, unknown concepts, unknown ids and bad urls are refused`, async (t) => {
    const { kb, name } = await setup();
    await kb.media.create(ADMIN, name, { url: "http://x/1.png" });
    await rejectsWith(
      t,
      kb.media.create(ADMIN, name, { url: "http://x/1.png" }),
      "ALREADY_EXISTS",
      /already exists/,
    );
    await rejectsWith(
      t,
      kb.media.create(ADMIN, unique("nope"), { url: "http://x/1.png" }),
      "NOT_FOUND",
      /was not found/,
    );
    await rejectsWith(t, kb.media.create(ADMIN, name, { url: "nope" }), "INVALID_ARGUMENT", /url/);
    await rejectsWith(t, kb.media.get(987654), "NOT_FOUND");
    await rejectsWith(t, kb.media.update(ADMIN, 987654, {}), "NOT_FOUND");
    await rejectsWith(t, kb.media.delete(ADMIN, 987654), "NOT_FOUND");
    await rejectsWith(t, kb.media.listByConcept(unique("nope")), "NOT_FOUND");
  });

  test(`${backend}: updating sets the fields present and a new url re-infers the type`, async (t) => {
    const { kb, name } = await setup();
    const created = await kb.media.create(ADMIN, name, { url: "http://x/1.png", caption: "c", credit: "cr" });
    const updated = await kb.media.update(MAINT, created.media.id, { url: "http://x/1.mp4", caption: "" });
    t.like(updated.media, { url: "http://x/1.mp4", mediaType: "Video", caption: "", credit: "cr" });
    t.like(kb.history.last(), {
      action: "REPLACE",
      field: "Media",
      oldValue: "http://x/1.png",
      newValue: "http://x/1.mp4",
      approveNow: false,
    });
    const typed = await kb.media.update(ADMIN, created.media.id, { mediaType: "Icon", isPrimary: false });
    t.like(typed.media, { url: "http://x/1.mp4", mediaType: "Icon", isPrimary: false });
    const fetched = await kb.media.get(created.media.id);
    t.like(fetched.media, { mediaType: "Icon", caption: "" });
    t.is(fetched.conceptName, name);
  });

  test(`${backend}: an admin's delete of the primary promotes the newest media of its type`, async (t) => {
    const { kb, name } = await setup();
    const primary = await kb.media.create(ADMIN, name, { url: "http://x/1.png" });
    const older = await kb.media.create(ADMIN, name, { url: "http://x/2.png" });
    const newer = await kb.media.create(ADMIN, name, { url: "http://x/3.png" });
    await kb.media.delete(ADMIN, primary.media.id);
    t.like(kb.history.last(), {
      action: "DELETE",
      field: "Media",
      oldValue: "http://x/1.png",
      approveNow: true,
    });
    t.false((await kb.media.get(older.media.id)).media.isPrimary);
    t.true((await kb.media.get(newer.media.id)).media.isPrimary);
    await rejectsWith(t, kb.media.get(primary.media.id), "NOT_FOUND");
  });

  test(`${backend}: a maintainer's delete waits; approving it deletes, rejecting keeps`, async (t) => {
    const { kb, name } = await setup();
    const media = mediaHandler(kb);
    const kept = await kb.media.create(ADMIN, name, { url: "http://x/1.png" });
    await kb.media.delete(MAINT, kept.media.id);
    const pending = kb.history.last();
    t.like(pending, { action: "DELETE", approveNow: false });
    t.truthy(await kb.media.get(kept.media.id));
    await kb.storage.transaction((manager) => media.reject(manager, kb.history.recordOf(pending)));
    t.truthy(await kb.media.get(kept.media.id));
    await kb.storage.transaction((manager) => media.approve(manager, kb.history.recordOf(pending)));
    await rejectsWith(t, kb.media.get(kept.media.id), "NOT_FOUND");
  });

  test(`${backend}: rejecting an ADD removes the media and promotes a successor`, async (t) => {
    const { kb, name } = await setup();
    const media = mediaHandler(kb);
    const other = await kb.media.create(MAINT, name, { url: "http://x/1.png" });
    const added = await kb.media.create(MAINT, name, { url: "http://x/2.png", isPrimary: true });
    const record = kb.history.recordOf(kb.history.last());
    await kb.storage.transaction((manager) => media.reject(manager, record));
    await rejectsWith(t, kb.media.get(added.media.id), "NOT_FOUND");
    t.true((await kb.media.get(other.media.id)).media.isPrimary);
    await rejectsWith(
      t,
      kb.storage.transaction((manager) => media.approve(manager, { ...record, action: "MOVE" as never })),
      "FAILED_PRECONDITION",
      /Unable to process history/,
    );
  });

  test(`${backend}: rejecting a url change puts the old url back`, async (t) => {
    const { kb, name } = await setup();
    const created = await kb.media.create(MAINT, name, { url: "http://x/old.png" });
    await kb.media.update(MAINT, created.media.id, { url: "http://x/new.png", caption: "kept" });
    await kb.storage.transaction((manager) =>
      mediaHandler(kb).reject(manager, kb.history.recordOf(kb.history.last())),
    );
    t.like((await kb.media.get(created.media.id)).media, { url: "http://x/old.png", caption: "kept" });
  });
}
