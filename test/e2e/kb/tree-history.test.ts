import test from "ava";
import { attachmentActors, historyOf } from "../../support/e2e/kb-attachments.js";
import { KB_BACKENDS, uniqueName, useKbPlatforms } from "../../support/e2e/kb-people.js";

const platform = useKbPlatforms(test);

const path = (name: string) => encodeURIComponent(name);

for (const backend of KB_BACKENDS) {
  const actors = () => attachmentActors(backend, platform);

  test(`${backend}: a maint's concept delete waits for approval and is carried out on approve`, async (t) => {
    const a = await actors();
    const parent = uniqueName("parent");
    const child = uniqueName("child");
    await a.http.post("/kb/v1/concept", { auth: a.adminAuth, json: { name: parent, parentName: a.root } });
    await a.http.post("/kb/v1/concept", { auth: a.adminAuth, json: { name: child, parentName: parent } });
    await a.http.delete(`/kb/v1/concept/${path(child)}`, { auth: a.maintAuth });
    const record = (await historyOf(a.http, parent)).find((r) => r.action === "DELETE");
    t.like(record, { field: "Concept.child", oldValue: child });
    t.is((await a.http.get(`/kb/v1/concept/${path(child)}`)).status, 200);
    const approved = await a.http.put(`/kb/v1/history/approve/${record?.id}`, { auth: a.adminAuth });
    t.is(approved.status, 200, approved.text);
    t.is((await a.http.get(`/kb/v1/concept/${path(child)}`)).status, 404);
  });

  test(`${backend}: rejecting a maint's new primary name restores the original name`, async (t) => {
    const a = await actors();
    const concept = uniqueName("named");
    await a.http.post("/kb/v1/concept", { auth: a.adminAuth, json: { name: concept, parentName: a.root } });
    const newName = `${concept}-new`;
    await a.http.post("/kb/v1/names", {
      auth: a.maintAuth,
      json: { name: concept, newName, nameType: "primary" },
    });
    t.like((await a.http.get(`/kb/v1/concept/${path(concept)}`)).json, { name: newName });
    const record = (await historyOf(a.http, newName)).find((r) => r.field === "ConceptName");
    t.like(record, { action: "ADD", oldValue: concept, newValue: newName });
    const rejected = await a.http.put(`/kb/v1/history/reject/${record?.id}`, { auth: a.adminAuth });
    t.is(rejected.status, 200, rejected.text);
    t.like((await a.http.get(`/kb/v1/concept/${path(concept)}`)).json, { name: concept, alternateNames: [] });
    t.is((await a.http.get(`/kb/v1/concept/${path(newName)}`)).status, 404);
  });

  test(`${backend}: rejecting a maint's move puts the concept back under its old parent`, async (t) => {
    const a = await actors();
    const [x, y, moved] = [uniqueName("x"), uniqueName("y"), uniqueName("moved")];
    for (const [name, parentName] of [
      [x, a.root],
      [y, a.root],
      [moved, x],
    ]) {
      await a.http.post("/kb/v1/concept", { auth: a.adminAuth, json: { name, parentName } });
    }
    await a.http.put(`/kb/v1/concept/${path(moved)}`, { auth: a.maintAuth, json: { parentName: y } });
    const record = (await historyOf(a.http, moved)).find((r) => r.field === "Concept.parent");
    t.like(record, { action: "REPLACE", oldValue: x, newValue: y });
    await a.http.put(`/kb/v1/history/reject/${record?.id}`, { auth: a.adminAuth });
    t.like((await a.http.get(`/kb/v1/concept/parent/${path(moved)}`)).json, { name: x });
  });
}
