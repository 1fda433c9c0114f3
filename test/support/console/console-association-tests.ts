import type { ExecutionContext, TestFn } from "ava";
import type { Browser, Page } from "playwright-core";
import { checkScreen, openPage, type PageProblems } from "../../../tools/dev/fixtures/browser-page.js";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import type { Backend } from "../e2e/test-platform.js";
import { type ConsolePlatform, signIn, startConsolePlatform } from "./console-platform.js";
import { holdAnswers } from "./held-answers.js";
import { until } from "./until.js";

/**
 * Associations on the Watch screen in chromium, by keyboard and mouse as the VARS app's editor is
 * used: one taken from the concept's link templates, edited, deleted, each undone; an annotation
 * with associations and a box deleted and brought back whole by Ctrl+Z. The API only seeds and
 * reads back.
 */
const DIVE = "Demo Ventana 4101";
/** The generator of the seeded box, which finds it in the box index. */
const GENERATOR = "m3-association-e2e";

interface Association {
  uuid: string;
  link_name: string;
  to_concept: string;
  link_value: string;
  mime_type: string;
}
interface Stored {
  observation_uuid: string;
  concept: string;
  observer: string;
  elapsed_time_millis: number;
  associations: Association[];
  image_references: { uuid: string }[];
}

export function registerConsoleAssociationTests(test: TestFn, backend: Backend): void {
  let running: ConsolePlatform;
  let browser: Browser;
  let origin: string;
  let http: HttpClient;
  let clip = { name: "", reference: "" };
  /** The screen's checks; `pictured` screens are docs/console.md's screenshots (from SQLite). */
  const check = (t: ExecutionContext, opened: PageProblems, screen: string, pictured = false) =>
    checkScreen(t, opened, screen, { screenshot: pictured && backend === "sqlite" });

  test.before(async () => {
    running = await startConsolePlatform(backend);
    ({ browser, origin } = running);
    http = running.platform.http;
    const sequence = (await http.get(`/vam/v1/videosequences/name/${encodeURIComponent(DIVE)}`)).json as {
      videos: { name: string; video_references: { uuid: string; uri: string }[] }[];
    };
    const video = sequence.videos.find((one) =>
      one.video_references.some((file) => file.uri.startsWith("file:")),
    );
    if (!video) throw new Error("the demo dive has no clip");
    clip = { name: video.name, reference: video.video_references[0]?.uuid ?? "" };
  });
  test.after.always(async () => {
    await running?.stop();
  });

  /** The annotations of `concept` at `millis` on the clip by `observer`, as stored. */
  async function storedOf(concept: string, millis: number, observer = "demo-annotator"): Promise<Stored[]> {
    const answer = await http.get(`/anno/v1/annotations/videoreference/${clip.reference}`);
    return (answer.json as Stored[]).filter(
      (one) => one.concept === concept && one.observer === observer && one.elapsed_time_millis === millis,
    );
  }
  const linksOf = (stored: Stored | undefined) =>
    (stored?.associations ?? [])
      .filter((one) => one.link_name !== "bounding box")
      .map((one) => `${one.link_name} | ${one.to_concept} | ${one.link_value}`);

  async function openClip(page: Page, user = "demo-annotator"): Promise<void> {
    await signIn(page, origin, user);
    await page.goto(`${origin}/#/dives/${encodeURIComponent(DIVE)}/watch`);
    await page.getByRole("heading", { level: 1, name: `Watch ${DIVE}` }).waitFor();
    const picker = page.getByLabel("Video", { exact: true });
    const option = picker.locator("option", { hasText: clip.name });
    await picker.selectOption({ label: (await option.innerText()).trim() });
    await page.waitForFunction(() => (document.querySelector("video")?.readyState ?? 0) >= 2);
  }
  /** Ctrl+Z with the focus outside the text boxes. */
  async function undo(page: Page): Promise<void> {
    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("Control+z");
  }

  test.serial(
    "an association taken from the concept's link templates by keyboard, edited, deleted, each undone",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      await openClip(page);
      await page.keyboard.press("/");
      await page.keyboard.type("crossota mills");
      await page
        .getByRole("listbox", { name: /^New annotation at .*: concepts$/ })
        .getByRole("option")
        .first()
        .filter({ hasText: "Crossota millsae" })
        .waitFor();
      await page.keyboard.press("Enter");
      const [created] = await until(
        () => storedOf("Crossota millsae", 0),
        (found) => found.length === 1,
      );
      if (!created) throw new Error("the annotation was not stored");
      const read = async () =>
        (await http.get(`/anno/v1/annotations/${created.observation_uuid}`)).json as Stored;
      const editor = page.getByRole("region", { name: "Associations of Crossota millsae" });
      await editor.getByText("No associations.").waitFor();

      // A opens the editor: the concept's templates (its ancestors' included), filtered as one types.
      await page.getByRole("heading", { level: 1 }).click();
      await page.keyboard.press("a");
      t.is(await page.evaluate(() => document.activeElement?.id), "association-search");
      const templates = page.getByRole("listbox", { name: "Link templates of Crossota millsae" });
      await templates.getByRole("option").first().waitFor();
      t.true((await templates.getByRole("option").count()) > 1);
      await page.keyboard.type("surface green");
      await templates
        .getByRole("option")
        .first()
        .filter({ hasText: "surface-color | self | green" })
        .waitFor();
      t.is(await templates.getByRole("option").count(), 1);
      await page.keyboard.press("Enter");
      t.is(await page.getByLabel("Link name").inputValue(), "surface-color");
      t.is(await page.getByLabel("To concept").inputValue(), "self");
      t.is(await page.getByLabel("Link value").inputValue(), "green");
      await page.keyboard.press("Enter");
      const green = editor.getByRole("listitem").filter({ hasText: "surface-color | self | green" });
      await green.waitFor();
      const added = await until(read, (one) => linksOf(one).length === 1);
      t.deepEqual(linksOf(added), ["surface-color | self | green"]);
      const uuid = added.associations[0]?.uuid;

      // Edit: the value changed in the form, Enter saves; Ctrl+Z puts it back.
      await editor.getByRole("button", { name: "Edit surface-color | self | green" }).click();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Control+a");
      await page.keyboard.type("red");
      await page.keyboard.press("Enter");
      await editor.getByRole("listitem").filter({ hasText: "surface-color | self | red" }).waitFor();
      const edited = await until(read, (one) => linksOf(one)[0]?.endsWith("red") === true);
      t.deepEqual(linksOf(edited), ["surface-color | self | red"]);
      t.is(edited.associations[0]?.uuid, uuid, "the same association, changed");
      await undo(page);
      await green.waitFor();
      t.deepEqual(linksOf(await until(read, (one) => linksOf(one)[0]?.endsWith("green") === true)), [
        "surface-color | self | green",
      ]);

      // Delete with the mouse; Ctrl+Z makes it again.
      await editor.getByRole("button", { name: "Delete surface-color | self | green" }).click();
      await green.waitFor({ state: "detached" });
      t.deepEqual(linksOf(await until(read, (one) => linksOf(one).length === 0)), []);
      await undo(page);
      await green.waitFor();
      t.deepEqual(linksOf(await until(read, (one) => linksOf(one).length === 1)), [
        "surface-color | self | green",
      ]);

      // The arrows move through the templates; Enter takes the one pointed at; Escape sends nothing.
      await page.getByRole("heading", { level: 1 }).click();
      await page.keyboard.press("a");
      await page.keyboard.type("age");
      const third = templates.getByRole("option").nth(2);
      await third.waitFor();
      const pointed = (await third.innerText()).trim();
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowDown");
      t.is(await third.getAttribute("aria-selected"), "true");
      t.is(
        await page
          .getByRole("combobox", { name: "Add an association (A)" })
          .getAttribute("aria-activedescendant"),
        await third.getAttribute("id"),
      );
      await page.keyboard.press("Enter");
      const form = [
        await page.getByLabel("Link name").inputValue(),
        await page.getByLabel("To concept").inputValue(),
        await page.getByLabel("Link value").inputValue(),
      ];
      t.is(form.join(" | "), pointed);
      await page.keyboard.press("Escape");
      await page.getByLabel("Link value").waitFor({ state: "detached" });
      t.deepEqual(linksOf(await read()), ["surface-color | self | green"]);

      // A template naming a concept offers it and its descendants as the to-concept, as VARS does.
      await page.keyboard.type("comment human");
      await templates.getByRole("option").first().filter({ hasText: "comment | human | nil" }).waitFor();
      await page.keyboard.press("Enter");
      const taxa = (await http.get("/kb/v1/phylogeny/taxa/human")).json as { name: string }[];
      const offered = page.locator("#association-to-concepts option");
      await until(
        () => offered.count(),
        (count) => count === taxa.length,
      );
      t.deepEqual(
        await offered.evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
        taxa.map((taxon) => taxon.name).slice(0, 500),
      );
      await page.getByLabel("Link value").waitFor();
      await page.keyboard.press("Escape");
      await page.getByLabel("Link value").waitFor({ state: "detached" });
      t.deepEqual(linksOf(await read()), ["surface-color | self | green"]);
      await check(t, opened, "watch-associations", true);
    },
  );

  test.serial(
    "an annotation deleted with its associations and box comes back whole with Ctrl+Z: associations, box indexed, image kept",
    async (t) => {
      const images = (await http.get(`/anno/v1/images/videoreference/${clip.reference}`)).json as {
        image_reference_uuid: string;
        elapsed_time_millis: number;
      }[];
      const image = images.find((one) => one.elapsed_time_millis === 6400)?.image_reference_uuid;
      if (!image) throw new Error("the demo's moment at 6.4 s has no image");
      const box = JSON.stringify({
        x: 20,
        y: 30,
        width: 60,
        height: 40,
        image_reference_uuid: image,
        generator: GENERATOR,
      });
      const seeded = await http.post("/anno/v1/annotations/bulk", {
        auth: true,
        json: [
          {
            video_reference_uuid: clip.reference,
            concept: "Colobonema",
            observer: "demo-annotator",
            elapsed_time_millis: 6400,
            activity: "swimming",
            associations: [
              { link_name: "comment", to_concept: "self", link_value: "seeded note" },
              {
                link_name: "bounding box",
                to_concept: "self",
                link_value: box,
                mime_type: "application/json",
              },
            ],
          },
        ],
      });
      t.is(seeded.status, 200, seeded.text);
      const [before] = await storedOf("Colobonema", 6400);
      if (!before) throw new Error("the annotation was not seeded");

      const opened = await openPage(browser, [
        // A change event read back after its observation was deleted answers 404, which the screen skips.
        /^404 GET .*\/anno\/v1\/annotations\/[0-9a-f-]+$/,
        /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
      ]);
      const { page } = opened;
      await openClip(page);
      const row = page
        .getByRole("region", { name: /^Annotations/ })
        .getByRole("button", { name: /^00:06\.400 Colobonema 1 box demo-annotator$/ });
      await row.click();
      const editor = page.getByRole("region", { name: "Associations of Colobonema" });
      await editor.getByRole("listitem").filter({ hasText: "comment | self | seeded note" }).waitFor();
      await editor.getByText("1 box (drawn on the frame)").waitFor();
      // The server's answer to the delete reaches the page only after Ctrl+Z is pressed, as on a
      // slow link: the undo waits for it and takes back the delete.
      const heldDelete = await holdAnswers(page, "**/anno/v1/observations/*", "DELETE");
      await page.keyboard.press("Delete");
      await row.waitFor({ state: "detached" });
      t.deepEqual(
        await until(
          () => storedOf("Colobonema", 6400),
          (found) => found.length === 0,
        ),
        [],
      );

      await page.keyboard.press("Control+z");
      heldDelete.release();
      await row.waitFor();
      await editor.getByRole("listitem").filter({ hasText: "comment | self | seeded note" }).waitFor();
      await editor.getByText("1 box (drawn on the frame)").waitFor();
      const [back] = await until(
        () => storedOf("Colobonema", 6400),
        (found) => found.length === 1,
      );
      if (!back) throw new Error("the annotation did not come back");
      t.like(back, { concept: "Colobonema", observer: "demo-annotator", elapsed_time_millis: 6400 });
      t.is((back as unknown as { activity?: string }).activity, "swimming");
      const links = (stored: Stored) =>
        stored.associations
          .map((one) => `${one.link_name}|${one.to_concept}|${one.link_value}|${one.mime_type}`)
          .sort();
      t.deepEqual(links(back), links(before));
      t.deepEqual(
        back.image_references.map((one) => one.uuid),
        before.image_references.map((one) => one.uuid),
        "the moment kept its image",
      );
      const indexed = (await http.get(`/anno/v1/boxes?generator=${GENERATOR}`)).json as {
        association_uuid: string;
        observation_uuid: string;
        image_reference_uuid: string;
      }[];
      const boxUuid = back.associations.find((one) => one.link_name === "bounding box")?.uuid;
      t.deepEqual(indexed, [
        {
          ...indexed[0],
          association_uuid: boxUuid,
          observation_uuid: back.observation_uuid,
          image_reference_uuid: image,
        },
      ] as typeof indexed);
      await check(t, opened, "watch-restored");
    },
  );

  test.serial(
    "a maintainer's undo of deleting another's annotation gives it back its observer; a second watcher sees associations come and go live",
    async (t) => {
      const seeded = await http.post("/anno/v1/annotations/bulk", {
        auth: true,
        json: [
          {
            video_reference_uuid: clip.reference,
            concept: "Aegina",
            observer: "demo-annotator-2",
            elapsed_time_millis: 3333,
            associations: [{ link_name: "comment", to_concept: "self", link_value: "theirs" }],
            // A moment of its own without images: deleted with its observation, measurements and all.
            ancillary_data: { depth_meters: 512.5, latitude: 36.7, longitude: -122.05 },
          },
        ],
      });
      t.is(seeded.status, 200, seeded.text);
      const maint = await openPage(browser, [
        /^404 GET .*\/anno\/v1\/annotations\/[0-9a-f-]+$/,
        /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
      ]);
      const watcher = await openPage(browser, [
        /^404 GET .*\/anno\/v1\/annotations\/[0-9a-f-]+$/,
        /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
      ]);
      await openClip(maint.page, "demo-maint");
      await openClip(watcher.page, "demo-annotator-2");
      const rowIn = (page: Page) =>
        page
          .getByRole("region", { name: /^Annotations/ })
          .getByRole("button", { name: /^00:03\.333 Aegina demo-annotator-2$/ });
      await rowIn(watcher.page).click();
      const seen = watcher.page.getByRole("region", { name: "Associations of Aegina" }).getByRole("listitem");

      // The maintainer adds an association from a template with the mouse; the watcher sees it, then its deletion.
      await rowIn(maint.page).click();
      const editor = maint.page.getByRole("region", { name: "Associations of Aegina" });
      await maint.page.getByLabel("Add an association (A)").click();
      await maint.page.keyboard.type("surface red");
      await maint.page.getByRole("option", { name: "surface-color | self | red" }).click();
      await maint.page.getByRole("button", { name: "Add association" }).click();
      await editor.getByRole("listitem").filter({ hasText: "surface-color | self | red" }).waitFor();
      await seen.filter({ hasText: "surface-color | self | red" }).waitFor();
      await editor.getByRole("button", { name: "Delete surface-color | self | red" }).click();
      await seen.filter({ hasText: "surface-color | self | red" }).waitFor({ state: "detached" });

      // Deleted by the maintainer and brought back: demo-annotator-2's again, with its association.
      await maint.page.getByRole("button", { name: "Delete Aegina" }).click();
      await rowIn(maint.page).waitFor({ state: "detached" });
      await rowIn(watcher.page).waitFor({ state: "detached" });
      await maint.page.getByRole("button", { name: "Undo: bring back Aegina (Ctrl+Z)" }).click();
      await rowIn(maint.page).waitFor();
      await rowIn(watcher.page).waitFor();
      const [back] = await until(
        () => storedOf("Aegina", 3333, "demo-annotator-2"),
        (found) => found.length === 1,
      );
      t.deepEqual(linksOf(back), ["comment | self | theirs"]);
      const measured = (await http.get(`/anno/v1/annotations/${back?.observation_uuid}`)).json as {
        ancillary_data?: Record<string, number>;
      };
      t.like(measured.ancillary_data, { depth_meters: 512.5, latitude: 36.7, longitude: -122.05 });
      t.deepEqual(await storedOf("Aegina", 3333, "demo-maint"), []);
      await check(t, maint, "watch-associations-maint");
      await check(t, watcher, "watch-associations-live");
    },
  );
}
