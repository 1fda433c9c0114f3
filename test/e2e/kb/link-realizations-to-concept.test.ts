import test from "ava";
import { addConcept, attachmentActors } from "../../support/e2e/kb-attachments.js";
import { KB_BACKENDS, useKbPlatforms } from "../../support/e2e/kb-people.js";

const platform = useKbPlatforms(test);

for (const backend of KB_BACKENDS) {
  test.serial(
    `${backend}: realizations are found and counted by to-concept and renamed in bulk`,
    async (t) => {
      const actors = await attachmentActors(backend, platform);
      const { http } = actors;
      const owner = await addConcept(actors, "owner");
      const target = await addConcept(actors, "target");
      for (const linkValue of ["one", "two"]) {
        const created = await http.post("/kb/v1/linkrealizations", {
          auth: actors.adminAuth,
          json: { concept: owner, linkName: "eats", toConcept: target, linkValue },
        });
        t.is(created.status, 200, created.text);
      }
      const count = await http.get(`/kb/v1/linkrealizations/toconcept/count/${target}`);
      t.is(count.text, "2");
      const listed = (await http.get(`/kb/v1/linkrealizations/toconcept/${target}`)).json as {
        concept: string;
      }[];
      t.deepEqual(
        listed.map((link) => link.concept),
        [owner, owner],
      );
      const renamed = await http.put("/kb/v1/linkrealizations/toconcept/rename", {
        auth: actors.maintAuth,
        json: { old: target, new: "prey" },
      });
      t.deepEqual(renamed.json, { oldConcept: target, newConcept: "prey", count: 2 });
      t.is((await http.get(`/kb/v1/linkrealizations/toconcept/count/${target}`)).text, "0");
      t.is((await http.get("/kb/v1/linkrealizations/toconcept/count/prey")).text, "2");
    },
  );

  test.serial(`${backend}: the approved history count is open and counts admin changes`, async (t) => {
    const actors = await attachmentActors(backend, platform);
    const before = (await actors.http.get("/kb/v1/history/approved/count")).json as { count: number };
    await addConcept(actors, "counted");
    const after = (await actors.http.get("/kb/v1/history/approved/count")).json as { count: number };
    t.is(after.count, before.count + 1);
  });
}
