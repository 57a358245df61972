import { readFile } from 'node:fs/promises';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The parts of the locale the first screen (layout, coverage check, consent banner, error screens)
 * renders: a top-level section, or a `section.sub` path of it. A page or dialog outside the coverage
 * check waits for the rest (src/app/i18n.ts), deep-merged into the same sections.
 */
const FIRST_SCREEN_LOCALE_KEYS = [
  'app', 'footer', 'progress', 'consent', 'errors', 'apiErrors', 'coverageCheck', 'pages.coverage', 'customizer.open',
  'kit.combobox', 'kit.coverage', 'kit.promo', 'kit.technology', 'kit.offer.promoBadge',
];

type LocaleTree = Record<string, unknown>;
const isTree = (v: unknown): v is LocaleTree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The locale split at `paths`: what they name, and everything else (sections left empty are dropped). */
function splitTree(tree: LocaleTree, paths: readonly string[]): [LocaleTree, LocaleTree] {
  const picked: LocaleTree = {};
  const rest: LocaleTree = {};
  for (const [key, value] of Object.entries(tree)) {
    if (paths.includes(key)) { picked[key] = value; continue; }
    const inner = paths.filter((p) => p.startsWith(`${key}.`)).map((p) => p.slice(key.length + 1));
    if (inner.length === 0 || !isTree(value)) { rest[key] = value; continue; }
    const [p, r] = splitTree(value, inner);
    if (Object.keys(p).length > 0) picked[key] = p;
    if (Object.keys(r).length > 0) rest[key] = r;
  }
  return [picked, rest];
}

/**
 * src/locales/it-first-screen.ts and it-rest.ts: the parts of the locale the first screen uses, and
 * all the others (loaded with the pages and dialogs that need them, src/app/i18n.ts).
 * One file to edit (it.json); two chunks in the build. Without this plugin (Vitest) both modules
 * re-export the whole file.
 */
function splitLocale(): Plugin {
  return {
    name: 'checkout-split-locale',
    enforce: 'pre',
    async load(id) {
      const m = /^(.*[\\/]locales[\\/][a-z]+)-(first-screen|rest)\.ts$/.exec(id);
      if (!m) return null;
      const all = JSON.parse(await readFile(`${m[1]}.json`, 'utf8')) as LocaleTree;
      const [firstScreen, rest] = splitTree(all, FIRST_SCREEN_LOCALE_KEYS);
      const part = m[2] === 'first-screen' ? firstScreen : rest;
      // JSON.parse of a string literal parses faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`;
    },
  };
}

/**
 * `npm run dev`: /console and below open the console's own page (console.html), as the server does
 * (server/src/http/spa.ts). Development only: the build does not see this plugin.
 */
function consolePages(): Plugin {
  return {
    name: 'checkout-console-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/console(\/|\?|$)/.test(req.url) && req.headers.accept?.includes('text/html')) req.url = '/console.html';
        next();
      });
    },
  };
}

// The SPA is served by the Fastify server in production; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react(), splitLocale(), consolePages()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/prerender.ts (which chunks the coverage page needs), then deleted.
    manifest: true,
    // Route pages are split by their dynamic imports (src/app/routes.tsx); this only keeps the
    // report readable and the budget check honest.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and src/lib/zod-without-eval.ts in one chunk: a chunk runs before those importing it,
          // so zod is configured before any contract schema is built (an entry's own code would run
          // after its shared chunks, too late).
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-without-eval/ },
            // The offer's schemas, the form fields' and the order's in chunks of their own: a stored checkout's
            // parser evaluates them one task each (state/checkout-store.ts); built in one chunk they were a long
            // task on the offer page.
            { name: 'offer-schemas', test: /packages[\\/]contract[\\/]src[\\/]schemas[\\/]offer\.ts$/ },
            { name: 'fields-schema', test: /packages[\\/]contract[\\/]src[\\/]schemas[\\/]form-fields\.ts$/ },
            // (The constants the first screen needs stay out of those chunks, which would otherwise take them in.)
            { name: 'constants', test: /packages[\\/]contract[\\/]src[\\/]constants\.ts$/, priority: 1 },
            // The libraries every page runs in one file: split by which pages share them, they made a handful of
            // small chunks on the first screen, each gzipped on its own (about 1 kB more than one file).
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand)[\\/]/ },
            // The same for the first screen's small shared modules: seven chunks of 100-500 bytes each, one file.
            {
              name: 'first-screen-small',
              test: /packages[\\/]contract[\\/]src[\\/]rules[\\/](format-speed|italian-number|order-context|promo-cluster|resume-url)\.ts$|src[\\/]components[\\/]info-button\.tsx$|src[\\/]lib[\\/]api-hooks\.ts$/,
            },
          ],
        },
      },
      treeshake: {
        // packages/contract is pure (schemas, rules, the client; DESIGN §1) but declares no
        // "sideEffects": without this every page would carry every endpoint schema it never uses.
        moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  css: {
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3 still uses @import and global Sass functions; its deprecations are not ours.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
});
