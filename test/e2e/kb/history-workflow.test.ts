import test from "ava";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import {
  assertError,
  type Backend,
  createUser,
  KB_BACKENDS,
  type KbPeopleTarget,
  loginAs,
  uniqueName,
  useKbPlatforms,
} from "../../support/e2e/kb-people.js";

const platform = useKbPlatforms(test);

interface Actors {
  root: string;
  adminAuth: string;
  maintAuth: string;
}

const actors = new Map<Backend, Promise<Actors>>();

/** One root concept, an Admin and a Maint login per platform (a kb has a single root). */
function actorsOf(backend: Backend): Promise<Actors> {
  let found = actors.get(backend);
  if (!found) {
    found = setUp(platform(backend));
    actors.set(backend, found);
  }
  return found;
}

async function setUp(target: KbPeopleTarget): Promise<Actors> {
  const { http, admin } = target;
  const adminAuth = await loginAs(http, admin.username, admin.password);
  const maint = await createUser(target, "Maint");
  const root = uniqueName("root");
  const created = await http.post("/kb/v1/concept", { auth: adminAuth, json: { name: root } });
  if (created.status !== 200) throw new Error(`could not create the root: ${created.status} ${created.text}`);
  return { root, adminAuth, maintAuth: await loginAs(http, maint, `pw-${maint}`) };
}

type History = {
  id: number;
  concept: string;
  action: string;
  field: string;
  newValue: string | null;
  oldValue: string | null;
};

async function historyOf(http: HttpClient, name: string): Promise<History[]> {
  return (await http.get(`/kb/v1/history/concept/${encodeURIComponent(name)}`)).json as History[];
}

for (const backend of KB_BACKENDS) {
  test.serial(`${backend}: a Maint change is pending, listed, and approved by an Admin`, async (t) => {
    const { http } = platform(backend);
    const { root, adminAuth, maintAuth } = await actorsOf(backend);
    const pendingBefore = (
      (await http.get("/kb/v1/history/pending/count", { auth: true })).json as { count: number }
    ).count;
    const child = uniqueName("child");
    t.is(
      (await http.post("/kb/v1/concept", { auth: maintAuth, json: { name: child, parentName: root } }))
        .status,
      200,
    );
    const alias = uniqueName("alias");
    const named = await http.post("/kb/v1/names", {
      auth: maintAuth,
      json: { name: child, newName: alias, nameType: "synonym" },
    });
    t.is(named.status, 200, named.text);
    t.deepEqual((await http.get("/kb/v1/history/pending/count", { auth: true })).json, {
      count: pendingBefore + 2,
    });
    const childRecord = (await historyOf(http, root)).find((record) => record.newValue === child);
    t.like(childRecord, { concept: root, action: "ADD", field: "Concept.child" });
    const nameRecord = (await historyOf(http, alias)).find((record) => record.newValue === alias);
    t.like(nameRecord, { concept: child, action: "ADD", field: "ConceptName", oldValue: null });
    const pending = await http.get("/kb/v1/history/pending?sort=creationTimestamp,desc&limit=5", {
      auth: true,
    });
    t.true((pending.json as { content: History[] }).content.some((record) => record.id === nameRecord?.id));
    assertError(t, await http.put(`/kb/v1/history/approve/${nameRecord?.id}`, { auth: maintAuth }), 403);
    const approved = await http.put(`/kb/v1/history/approve/${nameRecord?.id}`, { auth: adminAuth });
    t.like(approved.json, { id: nameRecord?.id, approved: true });
    t.is((await http.get(`/kb/v1/names/${encodeURIComponent(alias)}`)).status, 200);
    const approvedPage = await http.get("/kb/v1/history/approved?sort=id,desc&limit=50", { auth: true });
    t.true(
      (approvedPage.json as { content: History[] }).content.some((record) => record.id === nameRecord?.id),
    );
    assertError(
      t,
      await http.put(`/kb/v1/history/reject/${nameRecord?.id}`, { auth: adminAuth }),
      400,
      `History with id \`${nameRecord?.id}\` has already been processed`,
    );
  });

  test.serial(
    `${backend}: rejecting a Maint name reverts it; approving a Maint delete carries it out`,
    async (t) => {
      const { http } = platform(backend);
      const { root, adminAuth, maintAuth } = await actorsOf(backend);
      const child = uniqueName("child");
      await http.post("/kb/v1/concept", { auth: adminAuth, json: { name: child, parentName: root } });
      const alias = uniqueName("alias");
      await http.post("/kb/v1/names", {
        auth: maintAuth,
        json: { name: child, newName: alias, nameType: "common" },
      });
      const added = (await historyOf(http, child)).find((record) => record.newValue === alias);
      const rejected = await http.put(`/kb/v1/history/reject/${added?.id}`, { auth: adminAuth });
      t.like(rejected.json, { id: added?.id, approved: false });
      assertError(t, await http.get(`/kb/v1/names/${encodeURIComponent(alias)}`), 404);
      t.is(
        (await http.delete(`/kb/v1/concept/${encodeURIComponent(child)}`, { auth: maintAuth })).status,
        200,
      );
      t.is((await http.get(`/kb/v1/concept/${encodeURIComponent(child)}`)).status, 200);
      const deletion = (await historyOf(http, root)).find(
        (record) => record.action === "DELETE" && record.oldValue === child,
      );
      t.like(deletion, { field: "Concept.child", concept: root });
      t.like((await http.put(`/kb/v1/history/approve/${deletion?.id}`, { auth: adminAuth })).json, {
        approved: true,
      });
      assertError(t, await http.get(`/kb/v1/concept/${encodeURIComponent(child)}`), 404);
    },
  );

  test.serial(`${backend}: an Admin deletes history records; others may not`, async (t) => {
    const { http } = platform(backend);
    const { root, adminAuth, maintAuth } = await actorsOf(backend);
    const child = uniqueName("child");
    await http.post("/kb/v1/concept", { auth: maintAuth, json: { name: child, parentName: root } });
    const record = (await historyOf(http, root)).find((found) => found.newValue === child);
    assertError(t, await http.delete(`/kb/v1/history/${record?.id}`, { auth: maintAuth }), 403);
    t.deepEqual((await http.delete(`/kb/v1/history/${record?.id}`, { auth: adminAuth })).json, {});
    assertError(
      t,
      await http.get(`/kb/v1/history/${record?.id}`),
      404,
      `History with id ${record?.id} does not exist`,
    );
  });
}
