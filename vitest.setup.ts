import { afterEach, beforeEach, vi } from 'vitest';

// DESIGN §6.9: an unexpected console.error/console.warn fails the test that caused it.
let unexpected: string[] = [];
beforeEach(() => {
  unexpected = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  if (unexpected.length > 0) throw new Error(unexpected.join('\n'));
});
