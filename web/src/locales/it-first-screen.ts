// In the build, vite.config.ts (splitLocale) serves this module with only the first screen's sections of it.json.
// Elsewhere (Vitest) it is the whole file, which every test may use.
export { default } from './it.json';
