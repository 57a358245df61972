import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { forEachNode, productSources } from '../../../test/source-files';

/*
 * One function moves an order's status (order-status.ts): no other product code writes the status
 * columns. Read as code:
 * - an object property named `workflow_status` (what Kysely's `set`, an insert or a row patch would carry),
 *   or SQL text that sets it, anywhere;
 * - a `status` property in what an `updateTable('orders')…set(…)` or an `updateOrderRow(…)` call writes.
 * Outside the status module's repository, that is a write the table does not see. Creating an order as a
 * draft is no move; migrations, which shape old rows, are not moves either.
 */

const WRITER = 'server/src/modules/orders/order-status-repository.ts';

const STATUS_COLUMNS = new Set(['status', 'workflow_status']);

/** The names of the properties an expression would write, spreads and conditionals included. */
function writtenNames(node: ts.Node, source: ts.SourceFile): string[] {
  const names: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isPropertyAssignment(n) || ts.isShorthandPropertyAssignment(n)) names.push(n.name.getText(source));
    ts.forEachChild(n, visit);
  };
  visit(node);
  return names;
}

function statusWrites(): string[] {
  const found: string[] = [];
  for (const { file, source } of productSources()) {
    if (!file.startsWith('server/src/') || file.startsWith('server/src/db/migrations/') || file === 'server/src/db/types.ts') continue;
    const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    forEachNode(source, (node) => {
      const workflowProperty = (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && node.name.getText(source) === 'workflow_status';
      const sqlText = (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isStringLiteral(node))
        && /set\s+(workflow_)?status\b/i.test(node.text) && /orders/i.test(node.text);
      if (workflowProperty || sqlText) found.push(at(node));
      if (!ts.isCallExpression(node)) return;
      const callee = node.expression;
      const ordersSet = ts.isPropertyAccessExpression(callee) && callee.name.text === 'set'
        && /updateTable\(\s*['"]orders['"]\s*\)/.test(callee.expression.getText(source));
      const rowPatch = ts.isIdentifier(callee) && callee.text === 'updateOrderRow';
      const written = ordersSet ? node.arguments[0] : rowPatch ? node.arguments[2] : undefined;
      if (written && writtenNames(written, source).some((n) => STATUS_COLUMNS.has(n))) found.push(at(node));
    });
  }
  return found;
}

describe('the order status', () => {
  it('is written only by the one status function', () => {
    const writes = statusWrites();
    expect(writes.filter((w) => !w.startsWith(`${WRITER}:`))).toEqual([]);
    // The reading finds the writer it allows: a reading that found nothing would prove nothing.
    expect(writes.some((w) => w.startsWith(`${WRITER}:`))).toBe(true);
  });
});
