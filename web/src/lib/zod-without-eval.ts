import { z } from 'zod';

/**
 * zod 4 compiles object parsers with `new Function` when it can, and finds out whether it can by
 * trying once. Our CSP has no 'unsafe-eval' (server/src/http/security.ts), so that trial is blocked
 * and reported as a violation on every page. Interpreted parsing is plenty fast for form-sized
 * objects. Imported first by the modules that bring zod to a page (the console entry, lib/api-client,
 * state/stored-checkout; the coverage check's first screen has none), and in zod's chunk it runs first.
 */
z.config({ jitless: true });
