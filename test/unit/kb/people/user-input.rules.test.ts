import test from "ava";
import {
  checkRole,
  checkUsername,
  profileText,
} from "../../../../services/kb/people/services/user-input.rules.js";

test("roles are accepted in the stored or the spec's form, in any case, and stored in the legacy form", (t) => {
  t.is(checkRole("Admin"), "Admin");
  t.is(checkRole("admin"), "Admin");
  t.is(checkRole("Maint"), "Maint");
  t.is(checkRole("maintenance"), "Maint");
  t.is(checkRole("annotator"), "Annotator");
  t.is(checkRole("ReadOnly"), "ReadOnly");
  t.is(checkRole("READONLY"), "ReadOnly");
  for (const role of ["User", "", "%"]) {
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
