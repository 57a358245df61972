// In the build, vite.config.ts (splitLocale) serves this module with only the sections of it.json the first screen does not use.
// Elsewhere (Vitest) it is the whole file, which every test may use.
export { default } from './it.json';
