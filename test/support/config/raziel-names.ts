/**
 * The nine names raziel lists at /endpoints (mbari-org/raziel `EndpointConfig.defaults`, one
 * per service vars-quickstart-public's compose file configures it with), sorted; m3 lists them all.
 */
export const RAZIEL_NAMES = [
  "annosaurus",
  "beholder",
  "charybdis",
  "oni",
  "panoptes",
  "skimmer",
  "vampire-squid",
  "vars-kb-server",
  "vars-user-server",
] as const;

/** The names each m3 component's Service lists, its own first, then its extra endpoints. */
export const ENDPOINT_NAMES_BY_COMPONENT: Record<string, string[]> = {
  kb: ["oni", "vars-kb-server", "vars-user-server"],
  annotation: ["annosaurus", "charybdis"],
  registry: ["vampire-squid"],
  capture: ["beholder", "skimmer"],
  upload: ["panoptes"],
};
