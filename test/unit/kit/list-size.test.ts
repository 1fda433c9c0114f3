import test from "ava";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import { checkListSize, MAX_BOUND_LIST_LENGTH } from "../../../services/kit/input/field-rules.js";

test("checkListSize returns a copy of a list up to the bound", (t) => {
  const values = Array.from({ length: MAX_BOUND_LIST_LENGTH }, (_, index) => `v${index}`);
  const checked = checkListSize(values, "concepts");
  t.deepEqual(checked, values);
  t.not(checked, values);
});

test("checkListSize refuses one value more, naming the field", (t) => {
  const values = Array.from({ length: MAX_BOUND_LIST_LENGTH + 1 }, () => "x");
  const error = t.throws(() => checkListSize(values, "where[2].in"), { instanceOf: DomainError });
  t.is(error?.reason, "LIST_TOO_LONG");
  t.is(error?.metadata?.field, "where[2].in");
  t.regex(error?.message ?? "", /where\[2\]\.in holds more than 5000 values/);
});
