import test from "ava";
import { KB_BACKENDS, useKbPlatforms } from "../../support/e2e/kb-people.js";
import { PEOPLE_SCENARIOS } from "../../support/kb/people-scenarios.js";

const platform = useKbPlatforms(test);

for (const backend of KB_BACKENDS) {
  for (const scenario of PEOPLE_SCENARIOS) {
    test(`${backend}: ${scenario.title}`, (t) => scenario.run(t, platform(backend)));
  }
}
