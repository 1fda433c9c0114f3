import test from "ava";
import {
  byLinkNameIgnoringCase,
  byShortString,
  parseShortString,
  shortString,
} from "../../../../services/kb/attachments/services/link.rules.js";

const link = (linkName: string, toConcept = "self", linkValue = "nil") => ({
  linkName,
  toConcept,
  linkValue,
});

test("the short string joins name, to-concept and value with ' | ' and parses back", (t) => {
  t.is(shortString(link("eats", "Squid", "often")), "eats | Squid | often");
  t.deepEqual(parseShortString("eats | Squid | often"), link("eats", "Squid", "often"));
});

test("a legacy short string with the owner first parses to its last three tokens", (t) => {
  t.deepEqual(parseShortString("Octopus | eats | Squid | often"), link("eats", "Squid", "often"));
});

test("a short string with too few tokens is refused", (t) => {
  t.throws(() => parseShortString("eats | Squid"), { message: /Cannot read the link/ });
});

test("links sort by their short string, and case-insensitively by name for /links", (t) => {
  const links = [link("b"), link("A"), link("a", "z"), link("a", "b")];
  t.deepEqual(byShortString(links, (l) => l).map(shortString), [
    "A | self | nil",
    "a | b | nil",
    "a | z | nil",
    "b | self | nil",
  ]);
  t.deepEqual(byLinkNameIgnoringCase(links, (l) => l).map(shortString), [
    "a | b | nil",
    "A | self | nil",
    "a | z | nil",
    "b | self | nil",
  ]);
  t.deepEqual(
    byLinkNameIgnoringCase([link("b"), link("a", "z"), link("A", "a")], (l) => l).map(shortString),
    ["A | a | nil", "a | z | nil", "b | self | nil"],
  );
});
