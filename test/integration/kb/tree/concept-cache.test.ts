import test from "ava";
import { pino } from "pino";
import {
  type AttachmentServices,
  createAttachmentServices,
  createConceptAttachments,
} from "../../../../services/kb/attachments/attachments-part.js";
import type { KbPartDeps } from "../../../../services/kb/contracts/part.js";
import { createHistoryRecorder } from "../../../../services/kb/history/history-part.js";
import { createPrincipalResolver } from "../../../../services/kb/people/people-part.js";
import type { PhylogenyService } from "../../../../services/kb/phylogeny/phylogeny.service.js";
import { createPhylogenyService } from "../../../../services/kb/phylogeny/phylogeny-part.js";
import {
  createConceptDirectory,
  createTreeServices,
  createTreeVersionWatch,
  type TreeServices,
} from "../../../../services/kb/tree/tree-part.js";
import { TokenService } from "../../../../services/kit/auth/token-service.js";
import type { DomainStorage } from "../../../../services/kit/storage/domain-storage.js";
import { BACKENDS, closeKbDatabases, openKbAt, openKbDatabase } from "../../../support/kb/phylogeny-stack.js";
import { ADMIN } from "../../../support/kb/tree-fakes.js";

test.after.always(closeKbDatabases);

/** One kb replica as kb.module assembles it: real attachments and history, one shared version check. */
interface Replica {
  storage: DomainStorage;
  tree: TreeServices;
  attachments: AttachmentServices;
  phylogeny: PhylogenyService;
}

function replicaOn(storage: DomainStorage): Replica {
  const deps: KbPartDeps = {
    storage,
    tokens: new TokenService({ signingSecret: "secret", issuer: "http://test" }),
    logger: pino({ level: "silent" }),
    directory: createConceptDirectory(),
    principals: createPrincipalResolver(storage),
    history: createHistoryRecorder(),
    versions: createTreeVersionWatch(storage),
  };
  return {
    storage,
    tree: createTreeServices({ ...deps, attachments: createConceptAttachments() }),
    attachments: createAttachmentServices(deps),
    phylogeny: createPhylogenyService(storage, deps.logger, deps.versions),
  };
}

/** Two replicas (separate storages and caches) on one fresh database with a small tree. */
async function twoReplicas(backend: (typeof BACKENDS)[number]): Promise<[Replica, Replica]> {
  const { url, storage } = await openKbDatabase(backend);
  const replicas: [Replica, Replica] = [replicaOn(storage), replicaOn(await openKbAt(url))];
  const { writes } = replicas[0].tree;
  await writes.create({ name: "object" }, ADMIN);
  await writes.create({ name: "Nanomia", parentName: "object" }, ADMIN);
  await writes.create({ name: "Nanomia bijuga", parentName: "Nanomia" }, ADMIN);
  await writes.create({ name: "Sebastes", parentName: "object" }, ADMIN);
  return replicas;
}

/** Reads every cached answer once, so the next reads would be served from memory. */
async function warm(replica: Replica): Promise<void> {
  await replica.tree.queries.get("Nanomia");
  await replica.tree.queries.find("nanomia");
  await replica.tree.queries.children("Nanomia");
  await replica.tree.queries.parent("Nanomia bijuga");
  await replica.tree.queries.listAllNames();
  await replica.tree.names.get("Nanomia");
  await replica.attachments.links.listApplicable("Nanomia bijuga");
  await replica.attachments.links.listAll();
  await replica.attachments.realizations.listToConcept("Sebastes");
  await replica.attachments.realizations.listByConcept("Nanomia");
  await replica.attachments.realizations.page(100, 0);
  await replica.attachments.realizations.count();
  await replica.attachments.realizations.listByLinkName("eating");
}

for (const backend of BACKENDS) {
  test(`${backend}: a new name is seen by the next concept read, search and name list, on both replicas`, async (t) => {
    const replicas = await twoReplicas(backend);
    for (const replica of replicas) await warm(replica);
    await replicas[0].tree.names.create(
      { name: "Nanomia", newName: "Nanomia alias", nameType: "synonym" },
      ADMIN,
    );
    for (const { tree } of replicas) {
      t.true((await tree.queries.get("Nanomia")).names.some((name) => name.name === "Nanomia alias"));
      t.truthy(await tree.queries.get("Nanomia alias"));
      t.deepEqual(
        (await tree.queries.find("ALIAS")).map((view) => view.primaryName),
        ["Nanomia"],
      );
      t.true((await tree.queries.listAllNames()).includes("Nanomia alias"));
    }
  });

  test(`${backend}: a move is seen by the next children and parent reads, on both replicas`, async (t) => {
    const replicas = await twoReplicas(backend);
    for (const replica of replicas) await warm(replica);
    await replicas[1].tree.writes.update("Nanomia bijuga", { parentName: "Sebastes" }, ADMIN);
    for (const { tree, phylogeny } of replicas) {
      t.deepEqual(await tree.queries.children("Nanomia"), []);
      t.is((await tree.queries.parent("Nanomia bijuga")).primaryName, "Sebastes");
      t.deepEqual(
        (await phylogeny.basic("Nanomia bijuga")).map((concept) => concept.name),
        ["object", "Sebastes", "Nanomia bijuga"],
      );
    }
  });

  test(`${backend}: the concept count counts concepts, not names, and sees a new and a deleted concept on both replicas`, async (t) => {
    const replicas = await twoReplicas(backend);
    await replicas[0].tree.names.create(
      { name: "Nanomia", newName: "Nanomia alias", nameType: "synonym" },
      ADMIN,
    );
    for (const { tree } of replicas) t.is(await tree.queries.count(), 4);
    await replicas[1].tree.writes.create({ name: "Sebastes alutus", parentName: "Sebastes" }, ADMIN);
    for (const { tree } of replicas) t.is(await tree.queries.count(), 5);
    await replicas[0].tree.writes.delete("Nanomia", ADMIN);
    for (const { tree } of replicas) t.is(await tree.queries.count(), 3);
  });

  test(`${backend}: media, link and reference writes are seen by the next concept read, on both replicas`, async (t) => {
    const replicas = await twoReplicas(backend);
    for (const replica of replicas) await warm(replica);
    const { attachments } = replicas[0];
    const media = await attachments.media.create(ADMIN, "Nanomia", { url: "http://example.org/nanomia.jpg" });
    await attachments.realizations.create(ADMIN, "Nanomia", { linkName: "eating", toConcept: "Sebastes" });
    const reference = await attachments.references.create({ citation: "Mapstone (2014)" });
    await attachments.references.addConcept(reference.reference.id, "Nanomia");
    for (const { tree } of replicas) {
      const view = await tree.queries.get("Nanomia");
      t.deepEqual(
        view.attachments.media.map((m) => m.url),
        ["http://example.org/nanomia.jpg"],
      );
      t.deepEqual(
        view.attachments.linkRealizations.map((link) => link.linkName),
        ["eating"],
      );
      t.deepEqual(
        view.attachments.references.map((r) => r.citation),
        ["Mapstone (2014)"],
      );
    }
    await replicas[1].attachments.references.update(reference.reference.id, { citation: "Mapstone (2015)" });
    await replicas[1].attachments.media.delete(ADMIN, media.media.id);
    for (const { tree } of replicas) {
      const [found] = await tree.queries.find("nanomia");
      t.deepEqual(
        found?.attachments.references.map((r) => r.citation),
        ["Mapstone (2015)"],
      );
      t.deepEqual((await tree.queries.get("Nanomia")).attachments.media, []);
    }
  });

  test(`${backend}: link templates and realizations are seen by the next link read, on both replicas`, async (t) => {
    const replicas = await twoReplicas(backend);
    for (const replica of replicas) await warm(replica);
    await replicas[0].attachments.templates.create(ADMIN, "Nanomia", {
      linkName: "size",
      linkValue: "large",
    });
    await replicas[0].attachments.realizations.create(ADMIN, "Nanomia", {
      linkName: "eating",
      toConcept: "Sebastes",
    });
    for (const { attachments } of replicas) {
      const applicable = await attachments.links.listApplicable("Nanomia bijuga");
      t.deepEqual(
        applicable.map((view) => [view.concept, view.link.linkName]),
        [["Nanomia", "size"]],
      );
      t.deepEqual(
        (await attachments.links.listAll()).map((link) => link.linkName),
        ["size"],
      );
      t.deepEqual(
        (await attachments.realizations.listToConcept("Sebastes")).map((view) => view.concept),
        ["Nanomia"],
      );
      t.is((await attachments.realizations.listByConcept("Nanomia")).length, 1);
      t.is((await attachments.realizations.page(100, 0)).content.length, 1);
      t.is(await attachments.realizations.count(), 1);
      t.is((await attachments.realizations.listByLinkName("eating")).length, 1);
    }
    await replicas[1].tree.names.update("Nanomia", { newName: "Nanomia cara" }, ADMIN);
    for (const { attachments, tree } of replicas) {
      t.is((await attachments.links.listApplicable("Nanomia bijuga"))[0]?.concept, "Nanomia cara");
      t.is((await tree.names.get("Nanomia cara")).primaryName, "Nanomia cara");
    }
  });

  test(`${backend}: a deleted concept is not found by the next read, and repeated reads return the same answer`, async (t) => {
    const replicas = await twoReplicas(backend);
    for (const replica of replicas) await warm(replica);
    const first = await replicas[1].tree.queries.get("Nanomia");
    t.is(await replicas[1].tree.queries.get("Nanomia"), first, "served from the cache while nothing changed");
    await replicas[0].tree.writes.delete("Nanomia", ADMIN);
    for (const { tree } of replicas) {
      await t.throwsAsync(tree.queries.get("Nanomia"), { message: /Nanomia/ });
      t.deepEqual(await tree.queries.find("nanomia"), []);
    }
  });
}

for (const backend of BACKENDS) {
  test(`${backend}: warming files every concept under each of its names before any read`, async (t) => {
    const [replica, cold] = await twoReplicas(backend);
    await replica.tree.names.create(
      { name: "Nanomia", newName: "Nanomia alias", nameType: "synonym" },
      ADMIN,
    );
    t.is(await replica.tree.queries.warm(), 4, "the four concepts of the tree");
    // A change behind the kb's back (no version bump): only reads that go to the tables see it.
    await replica.storage.transaction((manager) => manager.query("UPDATE concepts SET rank_name = 'genus'"));
    const warmed = await replica.tree.queries.get("Nanomia alias");
    t.is(warmed.concept.rankName, null, "served from what warming loaded");
    t.is(await replica.tree.queries.get("Nanomia"), warmed, "one view under every name of the concept");
    t.is(
      (await cold.tree.queries.get("Nanomia alias")).concept.rankName,
      "genus",
      "a cold replica reads the tables",
    );
  });
}
