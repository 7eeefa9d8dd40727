import { z } from 'zod';

/**
 * Zod compiles fast object parsers with `new Function` when it may; the app's
 * Content-Security-Policy has no 'unsafe-eval', and Chromium reports even
 * zod's guarded probe as a violation. Each app bundles its own zod, so each
 * calls this once, at the top of the module that first parses.
 */
export function parseWithoutEval(): void {
  z.config({ jitless: true });
}
