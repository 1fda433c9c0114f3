/** Route path templates: `/v1/videos/{uuid}` with parameters named after request fields. */

const PARAMETER = /\{([^}]*)\}/g;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The parameter names of a template, in order. Throws on a malformed name. */
export function templateParameters(template: string): string[] {
  return [...template.matchAll(PARAMETER)].map((match) => {
    const name = match[1] ?? "";
    if (!IDENTIFIER.test(name)) throw new Error(`path parameter "{${name}}" is not a field name`);
    return name;
  });
}

/** Joins a base path and a route path without doubling or dropping the slash. */
export function joinPath(basePath: string, path: string): string {
  const base = basePath.replace(/\/+$/, "");
  if (path === "" || path === "/") return base === "" ? "/" : base;
  return `${base}${path.startsWith("/") ? path : `/${path}`}`;
}
