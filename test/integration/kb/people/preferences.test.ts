import test from "ava";
import { peopleSchema } from "../../../../services/kb/people/people-part.js";
import { PreferenceService } from "../../../../services/kb/people/services/preference.service.js";
import { BACKENDS, closeKbStorages, openKbStorage, rejectsWith } from "../../../support/kb/people-storage.js";

test.after.always(closeKbStorages);

async function openPreferences(backend: (typeof BACKENDS)[number]) {
  return new PreferenceService(await openKbStorage(backend, [peopleSchema]));
}

for (const backend of BACKENDS) {
  test(`${backend}: preferences are created once per node and key, and listed by node and key`, async (t) => {
    const preferences = await openPreferences(backend);
    const long = `kb-ui/${"n".repeat(1000)}`;
    await preferences.create({ name: "kb-ui/alice", key: "panels", value: "p" });
    await preferences.create({ name: "kb-ui/alice", key: "concepts", value: "c" });
    await preferences.create({ name: "kb-app", key: "phylogeny-root", value: "object" });
    await preferences.create({ name: long, key: "k".repeat(256), value: "" });
    await rejectsWith(
      t,
      preferences.create({ name: "kb-ui/alice", key: "panels", value: "again" }),
      "ALREADY_EXISTS",
      /kb-ui\/alice and key panels already exists/,
    );
    t.deepEqual(await preferences.list({ nodeName: "kb-ui/alice" }), [
      { name: "kb-ui/alice", key: "concepts", value: "c" },
      { name: "kb-ui/alice", key: "panels", value: "p" },
    ]);
    t.deepEqual(await preferences.list({ nodeName: "kb-ui/alice", prefKey: "panels" }), [
      { name: "kb-ui/alice", key: "panels", value: "p" },
    ]);
    t.deepEqual(await preferences.list({ nodeName: "kb-ui/alice", prefKey: "nope" }), []);
    t.is((await preferences.list({})).length, 4);
    t.is((await preferences.list({ prefKey: "k".repeat(256) }))[0]?.name, long);
  });

  test(`${backend}: the prefix search is literal and case-sensitive`, async (t) => {
    const preferences = await openPreferences(backend);
    for (const name of ["name1", "name2", "Name3", "na%me", "na_me", "other"]) {
      await preferences.create({ name, key: "k", value: "v" });
    }
    const names = async (prefix?: string) =>
      (await preferences.listByPrefix(prefix)).map((pref) => pref.name);
    t.deepEqual(await names("name"), ["name1", "name2"]);
    t.deepEqual(await names("name1"), ["name1"]);
    t.deepEqual(await names("na%"), ["na%me"]);
    t.deepEqual(await names("na_"), ["na_me"]);
    t.deepEqual(await names("x"), []);
    t.is((await names()).length, 6);
  });

  test(`${backend}: update changes the value only, and needs a name and key of an existing preference`, async (t) => {
    const preferences = await openPreferences(backend);
    await preferences.create({ name: "n", key: "k", value: "v1" });
    t.deepEqual(await preferences.update({ name: "n", key: "k", value: "v2" }), {
      name: "n",
      key: "k",
      value: "v2",
    });
    t.deepEqual(await preferences.list({ nodeName: "n" }), [{ name: "n", key: "k", value: "v2" }]);
    await rejectsWith(
      t,
      preferences.update({ name: "n", value: "v3" }),
      "INVALID_ARGUMENT",
      /^key is required$/,
    );
    await rejectsWith(
      t,
      preferences.update({ name: "n", key: "zz", value: "v3" }),
      "NOT_FOUND",
      /^PrefNode with name n and key zz does not exist$/,
    );
    await rejectsWith(
      t,
      preferences.update({ name: "n", key: "k", value: "v".repeat(257) }),
      "INVALID_ARGUMENT",
    );
  });

  test(`${backend}: delete removes one preference; unknown pairs are NOT_FOUND`, async (t) => {
    const preferences = await openPreferences(backend);
    await preferences.create({ name: "n", key: "a", value: "1" });
    await preferences.create({ name: "n", key: "b", value: "2" });
    await preferences.delete("n", "a");
    t.deepEqual(await preferences.list({ nodeName: "n" }), [{ name: "n", key: "b", value: "2" }]);
    await rejectsWith(t, preferences.delete("n", "a"), "NOT_FOUND");
  });
}
