/**
 * The TypeScript type of an OpenAPI v3 (structural) schema written `as const`, so the CRD's
 * schema is the one definition of the resource: the generator prints it, the controller reads
 * objects typed from it. Covers what the M3Platform schema uses: object (with properties and
 * required, or additionalProperties), array, string, integer, number, boolean, and
 * x-kubernetes-preserve-unknown-fields for opaque Kubernetes types (resources).
 */
export interface SchemaNode {
  readonly type?: "object" | "array" | "string" | "integer" | "number" | "boolean";
  readonly description?: string;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: SchemaNode;
  readonly items?: SchemaNode;
  readonly enum?: readonly string[];
  readonly default?: unknown;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly pattern?: string;
  readonly format?: string;
  readonly "x-kubernetes-preserve-unknown-fields"?: boolean;
  readonly "x-kubernetes-list-type"?: string;
  readonly "x-kubernetes-list-map-keys"?: readonly string[];
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type ObjectOf<P extends Readonly<Record<string, SchemaNode>>, R extends readonly string[]> = Simplify<
  { -readonly [K in keyof P as K extends R[number] ? K : never]: Infer<P[K]> } & {
    -readonly [K in keyof P as K extends R[number] ? never : K]?: Infer<P[K]>;
  }
>;

export type Infer<S extends SchemaNode> = S extends { readonly "x-kubernetes-preserve-unknown-fields": true }
  ? Record<string, unknown>
  : S extends { readonly enum: readonly (infer E)[] }
    ? E
    : S extends { readonly type: "string" }
      ? string
      : S extends { readonly type: "integer" | "number" }
        ? number
        : S extends { readonly type: "boolean" }
          ? boolean
          : S extends { readonly type: "array"; readonly items: infer I extends SchemaNode }
            ? Infer<I>[]
            : S extends {
                  readonly type: "object";
                  readonly properties: infer P extends Readonly<Record<string, SchemaNode>>;
                }
              ? ObjectOf<P, S extends { readonly required: infer R extends readonly string[] } ? R : []>
              : S extends {
                    readonly type: "object";
                    readonly additionalProperties: infer A extends SchemaNode;
                  }
                ? Record<string, Infer<A>>
                : unknown;
