// Writes .br and .gz next to each text asset of the build, so the server sends compressed bytes
// without compressing per request (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const TEXT = /\.(js|mjs|css|svg|json|html|txt|webmanifest)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    // prerender/ holds page templates the server fills in and compresses itself (server/src/http/spa.ts).
    if (statSync(full).isDirectory()) { if (name !== 'prerender') yield* files(full); }
    else if (TEXT.test(name) && name !== 'index.html') yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} assets (br, gz)`);
