import test from "ava";
import { UnservedKinds } from "../../../services/operator/controller/unserved-kinds.js";

test("a kind found not served is skipped until the recheck time has passed, then asked for again", (t) => {
  let now = 0;
  const kinds = new UnservedKinds(() => new Date(now), 60_000);
  t.false(kinds.skips("ServiceMonitor"), "not known yet: asked for");
  kinds.remember("ServiceMonitor");
  t.true(kinds.skips("ServiceMonitor"));
  t.false(kinds.skips("Ingress"), "only the kind found not served");
  now = 59_999;
  t.true(kinds.skips("ServiceMonitor"));
  now = 60_000;
  t.false(kinds.skips("ServiceMonitor"), "asked again: the CRD may have been installed since");
  t.false(kinds.skips("ServiceMonitor"), "and not skipped until found not served again");
});
