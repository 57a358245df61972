import { z } from 'zod';

/**
 * zod 4 compiles object parsers with `new Function` when it can, and finds out whether it can by
 * trying once. Our CSP has no 'unsafe-eval' (server/src/http/security.ts), so that trial is blocked
 * and reported as a violation on every page. Interpreted parsing is plenty fast for form-sized
 * objects. Imported first by the entry points so it runs before any schema parses.
 */
z.config({ jitless: true });
