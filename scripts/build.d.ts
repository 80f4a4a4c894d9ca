/** Types of scripts/build.js (plain JavaScript: npm runs it before any TypeScript loader is there). */
export function build(): Promise<void>;
/** Builds when dist/ is missing or stale: why it built, or null when dist/ was current. */
export function buildIfStale(): Promise<string | null>;
