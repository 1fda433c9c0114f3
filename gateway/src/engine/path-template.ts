/** Route path templates: `/v1/videos/{uuid}` with parameters named after request fields. */

const PARAMETER = /\{([^}]*)\}/g;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Characters path-to-regexp 8 treats as syntax; literal text must escape them. */
const PATH_TO_REGEXP_SYNTAX = /[{}()[\]+?!:*\\]/g;

/** The parameter names of a template, in order. Throws on a malformed name. */
export function templateParameters(template: string): string[] {
  return [...template.matchAll(PARAMETER)].map((match) => {
    const name = match[1] ?? "";
    if (!IDENTIFIER.test(name)) throw new Error(`path parameter "{${name}}" is not a field name`);
    return name;
  });
}

/** The template in @koa/router (path-to-regexp 8) syntax. */
export function toRouterPath(template: string): string {
  let result = "";
  let last = 0;
  for (const match of template.matchAll(PARAMETER)) {
    result += `${escapeLiteral(template.slice(last, match.index))}:"${match[1]}"`;
    last = match.index + match[0].length;
  }
  return result + escapeLiteral(template.slice(last));
}

function escapeLiteral(text: string): string {
  return text.replace(PATH_TO_REGEXP_SYNTAX, (character) => `\\${character}`);
}

/** Joins a base path and a route path without doubling or dropping the slash. */
export function joinPath(basePath: string, path: string): string {
  const base = basePath.replace(/\/+$/, "");
  if (path === "" || path === "/") return base === "" ? "/" : base;
  return `${base}${path.startsWith("/") ? path : `/${path}`}`;
}
