import test from "ava";
import { actionLine } from "../../../gateway/console/src/composables/action-line.js";

/** A promise and the function that settles it. */
function gate<T>() {
  let open: (value: T) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

test("an action called while another runs starts once that one is done, in the order called", async (t) => {
  const inTurn = actionLine();
  const started: string[] = [];
  const first = gate<string>();
  const slow = inTurn(async (name: string) => {
    started.push(name);
    return first.promise;
  });
  const quick = inTurn(async (name: string) => {
    started.push(name);
    return name;
  });
  const answers = [slow("create"), quick("rename"), quick("undo")];
  await new Promise((resolve) => setTimeout(resolve, 20));
  t.deepEqual(started, ["create"], "the later ones wait for the first's answer");
  first.open("created");
  t.deepEqual(await Promise.all(answers), ["created", "rename", "undo"]);
  t.deepEqual(started, ["create", "rename", "undo"]);
});

test("an action that fails does not hold up the next, and its caller sees the failure", async (t) => {
  const inTurn = actionLine();
  const failing = gate<never>();
  const refused = inTurn(() => failing.promise)();
  const next = inTurn(async () => "sent")();
  failing.fail(new Error("403 not yours"));
  await t.throwsAsync(refused, { message: "403 not yours" });
  t.is(await next, "sent");
});

test("two lines do not wait for each other", async (t) => {
  const held = gate<string>();
  const one = actionLine()(() => held.promise)();
  t.is(await actionLine()(async () => "other screen")(), "other screen");
  held.open("done");
  t.is(await one, "done");
});
