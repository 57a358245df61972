// End-to-end tests drive Debian's Chromium; never a downloaded browser.
// Missing → install it when we are root, otherwise stop with the exact command to run.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const CHROMIUM = '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Debian Chromium is missing. Run:\n  sudo apt-get update && sudo apt-get install -y chromium\nthen npm test again.`);
    process.exit(1);
  }
  console.log('Installing Debian Chromium (apt-get install -y chromium)…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
