import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { forEachNode, productSources } from '../../../test/source-files';

/*
 * One function moves an order along its workflow (order-status.ts): no other product code writes the
 * workflow status. Read as code: an object property named `workflow_status` (what Kysely's `set`, an
 * insert or a row patch would carry) or SQL text that sets it, anywhere outside the status module's
 * repository and the signature's entry into the workflow. Migrations, which shape old rows, are not moves.
 */

const WRITERS = new Set([
  // The compare-and-set of every move.
  'server/src/modules/orders/order-status-repository.ts',
  // The signature's entry into the workflow (`signed`), the one status the table does not start from.
  'server/src/modules/orders/service.ts',
]);

function workflowStatusWrites(): string[] {
  const found: string[] = [];
  for (const { file, source } of productSources()) {
    if (!file.startsWith('server/src/') || file.startsWith('server/src/db/migrations/') || file === 'server/src/db/types.ts') continue;
    forEachNode(source, (node) => {
      const named = (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && node.name.getText(source) === 'workflow_status';
      const sqlText = (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isStringLiteral(node))
        && /set\s+workflow_status/i.test(node.text);
      if (named || sqlText) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
    });
  }
  return found;
}

describe('the order workflow status', () => {
  it('is written only by the one status function (and the signature that starts the workflow)', () => {
    const writes = workflowStatusWrites();
    expect(writes.filter((w) => !WRITERS.has(w.split(':')[0]!))).toEqual([]);
    // The reading finds the writers it allows: a reading that found nothing would prove nothing.
    expect(new Set(writes.map((w) => w.split(':')[0]))).toEqual(WRITERS);
  });
});
