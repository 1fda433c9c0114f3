import test from "ava";
import { addConcept, addSynonym, attachmentActors, historyOf } from "../../support/e2e/kb-attachments.js";
import { assertError, KB_BACKENDS, useKbPlatforms } from "../../support/e2e/kb-people.js";

const platform = useKbPlatforms(test);

interface Media {
  id: number;
  url: string;
  mimeType: string;
  isPrimary: boolean;
  conceptName: string | null;
  caption: string | null;
  credit: string | null;
  lastUpdated: string;
}

for (const backend of KB_BACKENDS) {
  const actors = () => attachmentActors(backend, platform);

  test(`${backend}: POST /v1/media by any name echoes the media with %20 urls, MIME type and history`, async (t) => {
    const a = await actors();
    const concept = await addConcept(a, "octopus");
    const synonym = await addSynonym(a, concept);
    const reply = await a.http.post("/kb/v1/media", {
      auth: a.adminAuth,
      json: { conceptName: synonym, url: "https://x.org/a b.png", mediaType: "IMAGE", isPrimary: true },
    });
    t.is(reply.status, 200, reply.text);
    t.like(reply.json, {
      url: "https://x.org/a%20b.png",
      mimeType: "image/png",
      isPrimary: true,
      conceptName: concept,
      caption: null,
      credit: null,
    });
    const media = reply.json as Media;
    t.regex(media.lastUpdated, /^\d{4}-\d{2}-\d{2}T.*Z$/);
    t.deepEqual((await a.http.get(`/kb/v1/media/${media.id}`)).json, media);
    t.deepEqual((await a.http.get(`/kb/v1/media/search/concept/${concept}`)).json, [media]);
    t.like(
      (await historyOf(a.http, concept)).find((h) => h.field === "Media"),
      {
        action: "ADD",
        newValue: "https://x.org/a b.png",
      },
    );
    const metadata = (await a.http.get(`/kb/v1/concept/${concept}`)).json as { media: Media[] };
    t.like(metadata.media, [{ url: "https://x.org/a%20b.png", mimeType: "image/png" }]);
  });

  test(`${backend}: a second primary clears the first; deleting the primary promotes the other`, async (t) => {
    const a = await actors();
    const concept = await addConcept(a, "squid");
    const post = async (url: string, isPrimary?: boolean) =>
      (
        await a.http.post("/kb/v1/media", {
          auth: a.adminAuth,
          json: { conceptName: concept, url, isPrimary },
        })
      ).json as Media;
    const first = await post("https://x.org/1.jpg");
    t.true(first.isPrimary);
    const second = await post("https://x.org/2.jpg", true);
    t.true(second.isPrimary);
    t.false(((await a.http.get(`/kb/v1/media/${first.id}`)).json as Media).isPrimary);
    t.deepEqual((await a.http.delete(`/kb/v1/media/${second.id}`, { auth: a.adminAuth })).json, {});
    t.true(((await a.http.get(`/kb/v1/media/${first.id}`)).json as Media).isPrimary);
  });

  test(`${backend}: PUT /v1/media/{id} changes fields; a new url without a type follows the url`, async (t) => {
    const a = await actors();
    const concept = await addConcept(a, "eel");
    const created = (
      await a.http.post("/kb/v1/media", {
        auth: a.maintAuth,
        json: { conceptName: concept, url: "https://x.org/1.png", caption: "c", credit: "cr" },
      })
    ).json as Media;
    const updated = await a.http.put(`/kb/v1/media/${created.id}`, {
      auth: a.maintAuth,
      json: { url: "https://x.org/1.mp4", caption: "", credit: "" },
    });
    t.like(updated.json, { url: "https://x.org/1.mp4", mimeType: "video/mp4", caption: "", credit: "" });
  });

  test(`${backend}: media errors are JSON: 404 unknown, 409 duplicate, 400 bad url, 401 without a token`, async (t) => {
    const a = await actors();
    const concept = await addConcept(a, "crab");
    const body = { conceptName: concept, url: "https://x.org/dup.png" };
    t.is((await a.http.post("/kb/v1/media", { auth: a.adminAuth, json: body })).status, 200);
    assertError(
      t,
      await a.http.post("/kb/v1/media", { auth: a.adminAuth, json: body }),
      409,
      /already exists/,
    );
    assertError(t, await a.http.get("/kb/v1/media/987654321"), 404);
    assertError(t, await a.http.put("/kb/v1/media/987654321", { auth: a.adminAuth, json: {} }), 404);
    assertError(t, await a.http.delete("/kb/v1/media/987654321", { auth: a.adminAuth }), 404);
    assertError(t, await a.http.get("/kb/v1/media/search/concept/nope-nope"), 404);
    assertError(
      t,
      await a.http.post("/kb/v1/media", {
        auth: a.adminAuth,
        json: { conceptName: "nope-nope", url: "https://x.org/a.png" },
      }),
      404,
    );
    assertError(
      t,
      await a.http.post("/kb/v1/media", { auth: a.adminAuth, json: { conceptName: concept, url: "no url" } }),
      400,
      /url/,
    );
    assertError(t, await a.http.post("/kb/v1/media", { auth: false, json: body }), 401);
    const byService = { conceptName: concept, url: "https://x.org/by-service.png" };
    t.is((await a.http.post("/kb/v1/media", { auth: a.apiKeyAuth, json: byService })).status, 200);
  });

  test(`${backend}: a maintainer's DELETE waits for approval; approving removes the media`, async (t) => {
    const a = await actors();
    const concept = await addConcept(a, "ray");
    const media = (
      await a.http.post("/kb/v1/media", {
        auth: a.adminAuth,
        json: { conceptName: concept, url: "https://x.org/r.png" },
      })
    ).json as Media;
    t.is((await a.http.delete(`/kb/v1/media/${media.id}`, { auth: a.maintAuth })).status, 200);
    t.is((await a.http.get(`/kb/v1/media/${media.id}`)).status, 200);
    const pending = (await historyOf(a.http, concept)).find(
      (h) => h.action === "DELETE" && h.field === "Media",
    );
    if (!pending) return t.fail("no DELETE record");
    t.is(pending.oldValue, "https://x.org/r.png");
    const approved = await a.http.put(`/kb/v1/history/approve/${pending.id}`, { auth: a.adminAuth });
    t.is(approved.status, 200, approved.text);
    assertError(t, await a.http.get(`/kb/v1/media/${media.id}`), 404);
  });
}
