/**
 * Where the tabular query's view finds the registry's tables (video names, cameras, start
 * times): the registry's database on the annotation database's MySQL server, or the
 * registry's SQLite file, read-only. Without one, the registry's columns are null.
 */
export type RegistryLink = { kind: "mysql-schema"; schema: string } | { kind: "sqlite-file"; file: string };
