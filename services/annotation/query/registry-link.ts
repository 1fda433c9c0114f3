/**
 * Where the tabular query's view finds the registry's tables (video names, cameras, start
 * times): the registry's database on the annotation database's MySQL server, or its schema in
 * the annotation's PostgreSQL database (`schema`), or the registry's SQLite file, read-only.
 * Without one, the registry's columns are null.
 */
export type RegistryLink = { kind: "schema"; schema: string } | { kind: "sqlite-file"; file: string };
