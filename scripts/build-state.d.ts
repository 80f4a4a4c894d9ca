// Types of scripts/build-state.js, for the TypeScript that imports it (bench/server-process.ts).
export const STAMP: string;
/** null when dist/ is current; otherwise why not, for a message. */
export function staleReason(root: string): string | null;
