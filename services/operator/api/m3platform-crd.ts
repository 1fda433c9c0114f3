/** The CustomResourceDefinition of M3Platform, built from its schema (m3platform-schema.ts). */
import { M3_PLATFORM_SPEC, M3_PLATFORM_STATUS } from "./m3platform-schema.js";

export const M3_GROUP = "m3.io";
export const M3_VERSION = "v1alpha1";
export const M3_PLURAL = "m3platforms";
export const M3_KIND = "M3Platform";
export const M3_API_VERSION = `${M3_GROUP}/${M3_VERSION}`;

export function m3PlatformCrd() {
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: `${M3_PLURAL}.${M3_GROUP}` },
    spec: {
      group: M3_GROUP,
      scope: "Namespaced",
      names: {
        plural: M3_PLURAL,
        singular: "m3platform",
        kind: M3_KIND,
        listKind: `${M3_KIND}List`,
        shortNames: ["m3p"],
      },
      versions: [
        {
          name: M3_VERSION,
          served: true,
          storage: true,
          subresources: { status: {} },
          additionalPrinterColumns: [
            { name: "Ready", type: "string", jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
            { name: "Version", type: "string", jsonPath: ".status.version" },
            {
              name: "Replicas",
              type: "string",
              jsonPath: ".status.replicas",
              description: "Ready over desired pods",
            },
            { name: "Age", type: "date", jsonPath: ".metadata.creationTimestamp" },
          ],
          schema: {
            openAPIV3Schema: {
              type: "object",
              description:
                "An m3 platform: its domains, gateway, backups and secrets, run by the m3 operator.",
              properties: {
                apiVersion: { type: "string" },
                kind: { type: "string" },
                metadata: { type: "object" },
                spec: M3_PLATFORM_SPEC,
                status: M3_PLATFORM_STATUS,
              },
              required: ["spec"],
            },
          },
        },
      ],
    },
  };
}
