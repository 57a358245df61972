import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODE_GROUPS } from '@checkout/contract';
import { forEachNode, productSources } from '../../test/source-files';

/*
 * Error codes have one home, packages/contract/src/errors.ts: product code names them through its
 * constants, so a renamed or removed code fails typecheck instead of a screen. This reads every product
 * file of server, web and contract as TypeScript and refuses a string literal equal to a code.
 */

const HOME = 'packages/contract/src/errors.ts';

/**
 * Literals equal to a code that mean something else where they stand: file → literal → why.
 * Keep it short; a new entry needs a reason a reviewer accepts.
 */
const NOT_ERROR_CODES: Record<string, Record<string, string>> = {
  'server/src/http/busy-sockets.ts': { timeout: "the Node HTTP server's 'timeout' event" },
};

const CODES = new Set<string>(Object.values(ALL_ERROR_CODE_GROUPS).flatMap((group) => Object.values(group)));

function codeLiterals(): string[] {
  const found: string[] = [];
  for (const { file, source } of productSources()) {
    if (file === HOME) continue;
    forEachNode(source, (node) => {
      if (!ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node)) return;
      if (!CODES.has(node.text) || NOT_ERROR_CODES[file]?.[node.text]) return;
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${file}:${line + 1} '${node.text}'`);
    });
  }
  return found;
}

describe('error codes', () => {
  it('has codes to look for', () => {
    expect(CODES.size).toBeGreaterThan(50);
    expect(CODES).toContain('otp_wrong');
  });

  it('are written as literals only in contract/src/errors.ts', () => {
    expect(codeLiterals()).toEqual([]);
  });
});
