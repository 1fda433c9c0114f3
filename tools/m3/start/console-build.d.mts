/** Where the console's sources are (gateway/console) and where its build goes (.tmp/console). */
export declare const CONSOLE_SOURCES: string;
export declare const CONSOLE_OUT: string;

/** The hash of the console's sources and of package-lock.json. */
export declare function consoleSourceHash(): string;

/** Whether .tmp/console holds a build of the current sources. */
export declare function consoleBuildIsCurrent(hash?: string): boolean;

/** Builds the console unless its build is current; "unavailable" when vite is not installed. */
export declare function ensureConsoleBuilt(options?: {
  log?: (line: string) => void;
}): Promise<"current" | "built" | "unavailable">;
