import test from "ava";
import {
  CONTROLLERS_THE_TESTS_PLAY,
  K3S_SERVER_COMMAND,
} from "../../../tools/dev/fixtures/servers/k3s-command.js";

function argument(name: string): string | undefined {
  const prefix = `--${name}=`;
  return K3S_SERVER_COMMAND.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

function controllers(): string[] {
  const value = argument("kube-controller-manager-arg") ?? "";
  if (!value.startsWith("controllers=")) throw new Error(`not the controllers: ${value}`);
  return value.slice("controllers=".length).split(",");
}

test("k3s starts as a server", (t) => {
  t.is(K3S_SERVER_COMMAND[0], "server");
});

test("the controller manager runs every default controller but those the tests play, each turned off by its canonical name", (t) => {
  const list = controllers();
  t.is(list[0], "*");
  for (const name of Object.keys(CONTROLLERS_THE_TESTS_PLAY)) {
    t.regex(name, /^[a-z-]+-controller$/);
    t.true(list.includes(`-${name}`), name);
  }
  const off = list.filter((item) => item.startsWith("-")).map((item) => item.slice(1));
  t.deepEqual(
    off.filter((name) => !(name in CONTROLLERS_THE_TESTS_PLAY)),
    ["service", "route", "cloud-node-lifecycle"],
    "besides those, only what k3s itself turns off (its cloud controller does their work)",
  );
});

test("the garbage collector and the namespace controller stay on", (t) => {
  const list = controllers();
  for (const kept of [
    "garbage-collector-controller",
    "garbagecollector",
    "namespace-controller",
    "node-lifecycle-controller",
  ]) {
    t.false(list.includes(`-${kept}`), kept);
  }
});

test("k3s's own addition to the controllers, the token cleaner, is kept", (t) => {
  t.true(controllers().includes("tokencleaner"));
});

test("flannel stays: its line `Node controller sync successful` is the one K3sContainer waits for", (t) => {
  t.false(K3S_SERVER_COMMAND.some((arg) => arg.startsWith("--flannel-backend")));
});

test("the packaged components the tests never use are left out", (t) => {
  t.deepEqual(argument("disable")?.split(",").sort(), [
    "coredns",
    "local-storage",
    "metrics-server",
    "servicelb",
    "traefik",
  ]);
});
