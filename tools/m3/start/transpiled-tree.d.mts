/** The repository this file belongs to. */
export declare const REPO_ROOT: string;
/** Where `npm start` keeps the transpiled copy of the sources (.tmp/start). */
export declare const TRANSPILED_ROOT: string;

/** Brings the copy up to date and returns the path of the JavaScript file of `entry` (a .ts path). */
export declare function transpiledEntry(entry: string): Promise<string>;

/**
 * Makes `out` hold every file of `folders` and `files` (relative to `root`), each .ts file
 * transpiled to a .js file of the same name, and nothing else; returns the paths redone.
 */
export declare function syncTranspiledTree(options: {
  root: string;
  out: string;
  folders: readonly string[];
  files: readonly string[];
}): Promise<string[]>;
