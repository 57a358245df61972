import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/*
 * Product source of the three workspaces that make up the app, parsed for tests that read code as code
 * (string literals, object shapes) rather than as text. Tests and test support are left out: tests may
 * pin wire values as literals.
 */

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Folders of test support inside the product trees (their own files are not product code). */
const TEST_SUPPORT = ['server/src/test', 'server/src/hostile', 'server/src/reliability', 'web/src/testing'];
const PRODUCT_ROOTS = ['server/src', 'web/src', 'packages/contract/src'];

const isTest = (name: string): boolean => /\.test\.tsx?$/.test(name) || /\.spec\.tsx?$/.test(name);

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!TEST_SUPPORT.includes(rel)) walk(rel, out);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(entry.name)) {
      out.push(rel);
    }
  }
}

export interface ProductSource {
  /** Repository-relative, with `/`. */
  file: string;
  source: ts.SourceFile;
}

/** Every non-test .ts/.tsx file of server/src, web/src and packages/contract/src, parsed. */
export function productSources(): ProductSource[] {
  const files: string[] = [];
  for (const root of PRODUCT_ROOTS) walk(root, files);
  return files.sort().map((file) => ({
    file,
    source: ts.createSourceFile(file, readFileSync(path.join(REPO_ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true,
      file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS),
  }));
}

/** Every node of a file, depth first. */
export function forEachNode(source: ts.SourceFile, visit: (node: ts.Node) => void): void {
  const go = (node: ts.Node): void => { visit(node); ts.forEachChild(node, go); };
  go(source);
}
