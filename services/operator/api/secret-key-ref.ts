/** A key of a Secret in the platform's namespace: how the spec names every credential. */
import type { SchemaNode } from "./schema-types.js";

export const secretKeyRef = {
  type: "object",
  description: "A key of a Secret in the platform's namespace.",
  properties: {
    name: { type: "string", description: "The Secret's name." },
    key: { type: "string", description: "The key within the Secret." },
  },
  required: ["name", "key"],
} as const satisfies SchemaNode;
