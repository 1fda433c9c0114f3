import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import test from "ava";
import { DOMAIN_NAMES } from "../../services/operator/api/domain-names.js";
import { REPO_ROOT } from "../../tools/dev/codegen/k8s/k8s-tools.js";
import {
  IMAGE_COMMANDS,
  IMAGE_NODE_OPTIONS,
  imageCommandModule,
} from "../../tools/m3/image/image-commands.js";

interface Stage {
  name: string;
  from: string;
  instructions: { keyword: string; text: string }[];
}

/** The Dockerfile's build stages (line continuations joined, comments dropped). */
function readStages(): Stage[] {
  const text = readFileSync(join(REPO_ROOT, "Dockerfile"), "utf8").replace(/\\\n/g, " ");
  const stages: Stage[] = [];
  for (const line of text.split("\n").map((raw) => raw.trim())) {
    if (line === "" || line.startsWith("#")) continue;
    const [keyword = "", ...rest] = line.split(/\s+/);
    const body = rest.join(" ");
    if (keyword.toUpperCase() === "FROM") {
      const match = /^(\S+)\s+AS\s+(\S+)$/i.exec(body);
      if (!match) throw new Error(`unnamed stage: ${line}`);
      stages.push({ from: match[1] as string, name: match[2] as string, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), text: body });
    }
  }
  return stages;
}

const stage = (name: string) => readStages().find((candidate) => candidate.name === name);
const texts = (of: Stage | undefined, keyword: string) =>
  (of?.instructions ?? []).filter((instruction) => instruction.keyword === keyword).map(({ text }) => text);
/** A stage's instructions including those of the stages it builds on. */
function lineage(name: string): Stage[] {
  const found = stage(name);
  if (!found) return [];
  return [...lineage(found.from), found];
}

test("the Dockerfile builds on Node 22 in named stages, runtime last so it is the default target", (t) => {
  const source = readFileSync(join(REPO_ROOT, "Dockerfile"), "utf8");
  t.regex(source, /^ARG NODE_IMAGE=node:22-[a-z]+-slim$/m);
  const nodeImage = "$" + "{NODE_IMAGE}";
  t.deepEqual(
    readStages().map(({ name, from }) => [name, from]),
    [
      ["deps", nodeImage],
      ["build", "deps"],
      ["app", nodeImage],
      ["capture", "app"],
      ["runtime", "app"],
    ],
  );
});

test("dependencies are installed from the lockfile without dev dependencies, in a stage of their own", (t) => {
  const runs = texts(stage("deps"), "RUN").join("\n");
  t.regex(runs, /npm ci --omit=dev/);
  for (const name of ["app", "capture", "runtime"]) {
    t.false(
      texts(stage(name), "RUN").some((text) => /npm (ci|install)|g\+\+/.test(text)),
      name,
    );
  }
  t.deepEqual(texts(stage("app"), "COPY"), [
    "--from=deps /app/node_modules ./node_modules",
    "--from=build /app/dist ./",
  ]);
});

test("the dependency stage installs from package.json and package-lock.json alone, where npm's prepare step builds nothing", (t) => {
  // test/unit/start/prepare.test.ts runs package.json's prepare script beside these two files alone.
  t.deepEqual(texts(stage("deps"), "COPY"), ["package.json package-lock.json ./"]);
});

test("both final targets run as a numeric non-root user through the command-selecting entrypoint", (t) => {
  for (const name of ["runtime", "capture"]) {
    const users = lineage(name).flatMap((of) => texts(of, "USER"));
    t.regex(users.at(-1) ?? "", /^[1-9]\d*:[1-9]\d*$/, name);
    const entrypoint = lineage(name)
      .flatMap((of) => texts(of, "ENTRYPOINT"))
      .at(-1);
    t.deepEqual(JSON.parse(entrypoint ?? "null"), [
      "node",
      ...IMAGE_NODE_OPTIONS,
      "tools/m3/image/image-entrypoint.js",
    ]);
  }
  t.deepEqual(texts(stage("app"), "CMD"), ['["gateway"]']);
  t.deepEqual(texts(stage("capture"), "CMD"), ['["capture"]']);
});

test("ffmpeg is installed only in the capture target", (t) => {
  for (const of of readStages()) {
    const installsFfmpeg = texts(of, "RUN").some((text) => /apt-get install[^&]*\bffmpeg\b/.test(text));
    t.is(installsFfmpeg, of.name === "capture", of.name);
  }
});

test("everything the build stage copies exists and is not excluded by .dockerignore", (t) => {
  const rules = readFileSync(join(REPO_ROOT, ".dockerignore"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const covers = (pattern: string, path: string) => path === pattern || path.startsWith(`${pattern}/`);
  // The last rule that matches decides, as in Docker: "!path" takes a path back in.
  const excluded = (path: string) =>
    rules.reduce(
      (out, rule) =>
        rule.startsWith("!") ? (covers(rule.slice(1), path) ? false : out) : covers(rule, path) || out,
      false,
    );
  const sources = texts(stage("build"), "COPY")
    .filter((text) => !text.startsWith("--from"))
    .flatMap((text) => text.split(/\s+/).slice(0, -1));
  t.true(sources.includes("tools/m3"));
  t.true(texts(stage("build"), "RUN").includes("npm run build"));
  for (const source of sources) {
    t.true(existsSync(join(REPO_ROOT, source)), source);
    t.false(excluded(source), source);
  }
  t.true(excluded("tools/dev/bench"), "the developers' tools stay out of the build context");
  t.true(rules.includes("node_modules"), "the host's node_modules never enters the build context");
});

test("the build stage copies the shipped tools whole and nothing of the developers' tools but the build script", (t) => {
  const copied = texts(stage("build"), "COPY").flatMap((text) => text.split(/\s+/).slice(0, -1));
  t.true(copied.includes("tools/m3"));
  t.deepEqual(
    copied.filter((source) => source.startsWith("tools/dev")),
    ["tools/dev/build"],
  );
});

test("the image's commands are the platform's domains and gateway (the operator's DOMAIN_NAMES), migrate, the m3 command line and the operator, each with its main module", (t) => {
  t.deepEqual(Object.keys(IMAGE_COMMANDS).sort(), [...DOMAIN_NAMES, "migrate", "m3", "operator"].sort());
  for (const command of Object.keys(IMAGE_COMMANDS)) {
    t.true(existsSync(imageCommandModule(command)), `${command}: ${IMAGE_COMMANDS[command]}`);
  }
});
