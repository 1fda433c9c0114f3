import test from "ava";
import { checkRole, namesOf, roleOf } from "../../../../services/kb/people/services/role-names.js";
import { checkUsername, profileText } from "../../../../services/kb/people/services/user-input.rules.js";

test("roles are accepted by their legacy, spec and KB Editor names in any case, and kept as spelled", (t) => {
  t.deepEqual(checkRole("Admin"), { role: "Admin", spelling: "Admin" });
  t.deepEqual(checkRole(" admin "), { role: "Admin", spelling: "admin" });
  t.deepEqual(checkRole("Maint"), { role: "Maint", spelling: "Maint" });
  t.deepEqual(checkRole("maintenance"), { role: "Maint", spelling: "Maint" });
  t.deepEqual(checkRole("annotator"), { role: "Annotator", spelling: "annotator" });
  t.deepEqual(checkRole("User"), { role: "Annotator", spelling: "User" });
  t.deepEqual(checkRole("user"), { role: "Annotator", spelling: "user" });
  t.deepEqual(checkRole("ReadOnly"), { role: "ReadOnly", spelling: "ReadOnly" });
  t.deepEqual(checkRole("READONLY"), { role: "ReadOnly", spelling: "READONLY" });
  t.is(roleOf("MAINT"), "Maint");
  t.is(roleOf(null), undefined);
  t.deepEqual(namesOf("Annotator").sort(), ["annotator", "user"]);
  for (const role of ["Guest", "", "%"]) {
    const error = t.throws(() => checkRole(role));
    t.like(error, { code: "INVALID_ARGUMENT", metadata: { field: "role" } });
  }
});

test("usernames are required, at most 50 characters and colon-free", (t) => {
  t.is(checkUsername("alice"), "alice");
  t.is(checkUsername("a".repeat(50)), "a".repeat(50));
  for (const name of [undefined, " ", "a".repeat(51), "a:b"]) {
    t.like(
      t.throws(() => checkUsername(name)),
      { code: "INVALID_ARGUMENT", metadata: { field: "username" } },
    );
  }
});

test("profile text: absent stays absent, blank clears, too long is refused", (t) => {
  t.is(profileText(undefined, 5, "email"), undefined);
  t.is(profileText("  ", 5, "email"), null);
  t.is(profileText("abc", 5, "email"), "abc");
  t.like(
    t.throws(() => profileText("abcdef", 5, "email")),
    { metadata: { field: "email" } },
  );
});
