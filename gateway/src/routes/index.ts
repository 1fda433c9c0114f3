import type { ServiceRoutes } from "../engine/route-spec.js";
import { annotationRoutes } from "./annotation.routes.js";
import { captureRoutes } from "./capture.routes.js";
import { configRoutes } from "./config.routes.js";
import { kbRoutes } from "./kb.routes.js";
import { referencesRoutes } from "./references.routes.js";
import { registryRoutes } from "./registry.routes.js";
import { skimmerRoutes } from "./skimmer.routes.js";
import { uploadRoutes } from "./upload.routes.js";

/** Every domain's route table, in the order their docs are listed. */
export const allServiceRoutes: readonly ServiceRoutes[] = [
  kbRoutes,
  annotationRoutes,
  referencesRoutes,
  registryRoutes,
  configRoutes,
  captureRoutes,
  skimmerRoutes,
  uploadRoutes,
];
