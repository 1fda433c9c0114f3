import test from "ava";
import {
  chooseServerPath,
  describeServerPath,
  type EngineAnswer,
} from "../../../tools/dev/fixtures/servers/server-path.js";

const answering = async (): Promise<EngineAnswer> => ({
  answered: true,
  description: "engine 28.1.1 (Ubuntu 24.04.2 LTS) at localhost (/var/run/docker.sock)",
});
const silent = async (): Promise<EngineAnswer> => ({
  answered: false,
  description:
    "no container engine answered at DOCKER_HOST, ~/.testcontainers.properties or the usual sockets",
});
const notToBeAsked = (): Promise<EngineAnswer> => {
  throw new Error("the engine was probed although the path was set");
};

for (const path of ["containers", "debian"] as const) {
  test(`M3_TEST_SERVERS=${path} takes that path without asking the engine`, async (t) => {
    t.deepEqual(await chooseServerPath(path, notToBeAsked), { path, reason: `M3_TEST_SERVERS=${path}` });
  });
}

test("auto takes the containers path when the engine answers, and names it", async (t) => {
  t.deepEqual(await chooseServerPath("auto", answering), {
    path: "containers",
    reason: "engine 28.1.1 (Ubuntu 24.04.2 LTS) at localhost (/var/run/docker.sock)",
  });
});

test("unset or blank is auto", async (t) => {
  t.is((await chooseServerPath(undefined, answering)).path, "containers");
  t.is((await chooseServerPath("  ", silent)).path, "debian");
});

test("auto takes the Debian path when no engine answers, and says where it looked", async (t) => {
  t.deepEqual(await chooseServerPath("auto", silent), {
    path: "debian",
    reason: "no container engine answered at DOCKER_HOST, ~/.testcontainers.properties or the usual sockets",
  });
});

test("auto takes the Debian path when the probe fails, with its error", async (t) => {
  const failing = () => Promise.reject(new Error("connect EACCES /var/run/docker.sock"));
  t.deepEqual(await chooseServerPath("auto", failing), {
    path: "debian",
    reason: "no container engine answered (connect EACCES /var/run/docker.sock)",
  });
});

test("auto takes the Debian path when the engine does not answer in time", async (t) => {
  const hanging = () => new Promise<EngineAnswer>(() => {});
  t.deepEqual(await chooseServerPath("auto", hanging, 20), {
    path: "debian",
    reason: "no container engine answered within 20 ms",
  });
});

test("an unknown setting is refused with the ones allowed", async (t) => {
  await t.throwsAsync(chooseServerPath("docker", notToBeAsked), {
    message: 'M3_TEST_SERVERS must be one of auto, containers, debian; it is "docker"',
  });
});

test("the line npm test prints names the path and why", (t) => {
  t.is(
    describeServerPath({ path: "debian", reason: "M3_TEST_SERVERS=debian" }),
    "test servers: debian (M3_TEST_SERVERS=debian)",
  );
});
