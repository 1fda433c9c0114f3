/// <reference types="geojson" />
declare module "*.vue" {
  import type { DefineComponent } from "vue";

  const component: DefineComponent<object, object, unknown>;
  export default component;
}

declare module "*?worker&url" {
  const url: string;
  export default url;
}

declare module "*.css";

/** Natural Earth's land as world-atlas ships it (TopoJSON, one `land` object); vite imports JSON. */
declare module "world-atlas/land-50m.json" {
  import type { Topology } from "topojson-specification";

  const topology: Topology;
  export default topology;
}
