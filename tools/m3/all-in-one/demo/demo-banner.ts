import type { DemoInventory } from "./demo-inventory.js";
import { DEMO_PASSWORD, type DemoUserPlan } from "./demo-plan.js";

const GET_CONCEPT = "m3.kb.v1.ConceptService/GetConcept";
const PHYLOGENY_UP = "m3.kb.v1.PhylogenyService/GetPhylogenyUp";
const LIST_ANNOTATIONS = "m3.annotation.v1.AnnotationService/ListAnnotationsByVideoReference";
const CAPTURE = "m3.capture.v1.CaptureService/CaptureFrame";
const LOGIN = "m3.kb.v1.UserAuthService/Login";

export interface DemoBannerOptions {
  inventory: DemoInventory;
  /** The public URL of the route serving an rpc, parameters filled in. */
  urlOf: (rpc: string, params?: Record<string, string>) => string;
  captureApiKey: string;
}

/** The banner's demo section: what the demo holds, three things to try with it, and its users. */
export function demoBannerLines({ inventory, urlOf, captureApiKey }: DemoBannerOptions): string[] {
  const { dives, sample } = inventory;
  if (dives.length === 0 && inventory.users.length === 0) return [];
  const annotations = dives.reduce((sum, dive) => sum + dive.annotations, 0);
  const lines = [
    `Demo data (--demo): ${dives.length} dives (${dives.map(({ name }) => name).join(", ")}), ${annotations} annotations`,
  ];
  if (sample) {
    const concept = { name: sample.concept };
    lines.push(
      "Three things to try:",
      `  1. A concept of the real kb, then its branch of the tree:`,
      `     curl -s '${urlOf(GET_CONCEPT, concept)}'`,
      `     curl -s '${urlOf(PHYLOGENY_UP, concept)}'`,
      `  2. Annotations of a demo video, with their associations, images and ancillary data:`,
      `     curl -s '${urlOf(LIST_ANNOTATIONS, { video_reference_uuid: sample.videoReferenceUuid })}?limit=5'`,
    );
    if (inventory.clipUrl && sample.onClip) {
      const body = JSON.stringify({
        videoUrl: inventory.clipUrl,
        elapsedTimeMillis: sample.elapsedTimeMillis,
      });
      lines.push(
        `  3. The frame of that video at ${sample.elapsedTimeMillis / 1000} s (the first annotation's), as a JPEG:`,
        `     curl -s -X POST -H 'X-Api-Key: ${captureApiKey}' -H 'Content-Type: application/json' \\`,
        `       -d '${body}' '${urlOf(CAPTURE)}' -o frame.jpg`,
      );
    }
  }
  if (inventory.users.length > 0) {
    const login = inventory.users.find(({ role }) => role === "Annotator") ?? inventory.users[0];
    lines.push(
      `Demo users (password ${DEMO_PASSWORD}; ReadOnly users cannot log in):`,
      `  ${usersByRole(inventory.users)}`,
      `  curl -s -X POST -u '${login?.username}:${DEMO_PASSWORD}' '${urlOf(LOGIN)}'`,
    );
  }
  return ["", ...lines];
}

function usersByRole(users: readonly DemoUserPlan[]): string {
  const roles = [...new Set(users.map(({ role }) => role))];
  return roles
    .map(
      (role) =>
        `${role}: ${users
          .filter((user) => user.role === role)
          .map(({ username }) => username)
          .join(", ")}`,
    )
    .join("; ");
}
