import test from "ava";
import type { EntityManager } from "typeorm";
import { PhylogenyCache } from "../../../../services/kb/phylogeny/phylogeny.cache.js";
import { PhylogenyRepository, type TreeRow } from "../../../../services/kb/phylogeny/phylogeny.repository.js";
import { PhylogenyService } from "../../../../services/kb/phylogeny/phylogeny.service.js";
import type { DomainStorage } from "../../../../services/kit/storage/domain-storage.js";

/** A repository over an in-memory tree that counts full loads. */
class FakeRepository extends PhylogenyRepository {
  version = 1;
  loads = 0;
  rows: TreeRow[] = [
    {
      conceptId: 1,
      parentId: undefined,
      rankLevel: undefined,
      rankName: undefined,
      name: "object",
      nameType: "primary",
    },
    {
      conceptId: 2,
      parentId: 1,
      rankLevel: undefined,
      rankName: undefined,
      name: "fish",
      nameType: "primary",
    },
  ];
  loadDelay: Promise<void> = Promise.resolve();

  override async treeVersion(): Promise<number> {
    return this.version;
  }

  override async treeRows(): Promise<TreeRow[]> {
    this.loads++;
    await this.loadDelay;
    return [...this.rows];
  }
}

const storage = {
  read: <T>(work: (manager: EntityManager) => Promise<T>) => work({} as EntityManager),
} as DomainStorage;

function setUp() {
  const repository = new FakeRepository();
  return { repository, phylogeny: new PhylogenyService(new PhylogenyCache(storage, repository)) };
}

test("the tree is loaded once and served from memory while the version stays the same", async (t) => {
  const { repository, phylogeny } = setUp();
  await phylogeny.down("object");
  await phylogeny.up("fish");
  await phylogeny.siblings("fish");
  t.is(repository.loads, 1);
});

test("a new version rebuilds the tree, so a deleted concept is gone from the next answer", async (t) => {
  const { repository, phylogeny } = setUp();
  t.is((await phylogeny.down("object")).children.length, 1);
  repository.rows = repository.rows.filter((row) => row.name !== "fish");
  repository.version = 2;
  t.deepEqual((await phylogeny.down("object")).children, []);
  await t.throwsAsync(phylogeny.up("fish"), { message: "Not found" });
  t.is(repository.loads, 2);
});

test("concurrent requests during a rebuild share one load", async (t) => {
  const { repository, phylogeny } = setUp();
  let release: () => void = () => {};
  repository.loadDelay = new Promise((resolve) => {
    release = resolve;
  });
  const answers = Promise.all([phylogeny.down("object"), phylogeny.taxa("object"), phylogeny.basic("fish")]);
  await new Promise((resolve) => setImmediate(resolve));
  release();
  const [down, taxa, basic] = await answers;
  t.is(repository.loads, 1);
  t.is(down.name, "object");
  t.is(taxa.length, 2);
  t.is(basic.length, 2);
});

test("unknown names are NOT_FOUND 'Not found' except for siblings, which answer []", async (t) => {
  const { phylogeny } = setUp();
  const views: ((name: string) => Promise<unknown>)[] = [
    (name) => phylogeny.up(name),
    (name) => phylogeny.down(name),
    (name) => phylogeny.basic(name),
    (name) => phylogeny.taxa(name),
  ];
  for (const view of views) await t.throwsAsync(view("nothing"), { message: "Not found" });
  const error = await t.throwsAsync(phylogeny.down("nothing"));
  t.is((error as unknown as { code: string }).code, "NOT_FOUND");
  t.deepEqual(await phylogeny.siblings("nothing"), []);
});
