import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from '@checkout/contract';
import { forEachNode, productSources } from '../../test/source-files';

/*
 * Every request and response of the API is declared once, in packages/contract/src/api/endpoints.ts;
 * server and web use its types (`z.input`/`z.output`) and schemas. This reads server/src and web/src as
 * TypeScript and refuses a `z.object({…})`, an interface or an object type of 3 or more properties whose
 * keys include every key of a contract request or response object of 3 or more keys: a second copy of
 * that shape, which would drift from the contract.
 */

const MIN_KEYS = 3;

/**
 * Shapes that hold a contract shape's keys and are something else: file → declared name → why.
 * Keep it short; a new entry needs a reason a reviewer accepts.
 */
const NOT_COPIES: Record<string, Record<string, string>> = {
  'server/src/modules/coverage/coverage-row.ts': {
    rowSchema: 'a row of the coverage CSV an operator imports: a file format of its own, whose service columns the API happens to share',
  },
};
/** Files whose shapes are not the API's at all: file → why. */
const NOT_API_FILES: Record<string, string> = {
  'server/src/db/types.ts': "the database's tables: storage columns, several of which the API answers as they are",
};

/** The object schemas a request or response is made of (arrays, unions, optionals and pipes opened). */
function objectShapes(schema: z.ZodType): string[][] {
  if (schema instanceof z.ZodObject) return [Object.keys(schema.shape)];
  if (schema instanceof z.ZodArray) return objectShapes(schema.element as z.ZodType);
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap(objectShapes);
  if (schema instanceof z.ZodPipe) return [...objectShapes(schema.in as z.ZodType), ...objectShapes(schema.out as z.ZodType)];
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return objectShapes(schema.unwrap() as z.ZodType);
  }
  return [];
}

interface ContractShape { name: string; keys: string[] }

function contractShapes(): ContractShape[] {
  const shapes = new Map<string, ContractShape>();
  for (const [name, def] of Object.entries(endpoints)) {
    for (const [side, schema] of [['request', def.request], ['response', def.response]] as const) {
      for (const keys of objectShapes(schema)) {
        if (keys.length < MIN_KEYS) continue;
        const id = [...keys].sort().join(',');
        if (!shapes.has(id)) shapes.set(id, { name: `${name}.${side}`, keys });
      }
    }
  }
  return [...shapes.values()];
}

const propertyName = (name: ts.PropertyName | undefined, source: ts.SourceFile): string | undefined => {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return name.getText(source);
};

interface DeclaredShape { file: string; line: number; name: string; keys: Set<string> }

/** What a declaration is called, for the message and the exception list. */
function declaredName(node: ts.Node): string {
  if (ts.isInterfaceDeclaration(node)) return node.name.text;
  for (let up: ts.Node | undefined = node.parent; up; up = up.parent) {
    if ((ts.isTypeAliasDeclaration(up) || ts.isVariableDeclaration(up)) && ts.isIdentifier(up.name)) return up.name.text;
    if (ts.isPropertySignature(up) || ts.isPropertyAssignment(up)) return propertyName(up.name, up.getSourceFile()) ?? '?';
    if (ts.isFunctionDeclaration(up) && up.name) return `${up.name.text}()`;
  }
  return '(anonymous)';
}

function declaredShapes(): DeclaredShape[] {
  const found: DeclaredShape[] = [];
  for (const { file, source } of productSources()) {
    if (file.startsWith('packages/contract/') || NOT_API_FILES[file]) continue;
    forEachNode(source, (node) => {
      let members: readonly (ts.TypeElement | ts.ObjectLiteralElementLike)[] | undefined;
      if (ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) members = node.members;
      else if (
        ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'object'
        && ts.isIdentifier(node.expression.expression) && node.expression.expression.text === 'z'
        && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])
      ) members = node.arguments[0].properties;
      if (!members) return;
      const keys = new Set(members.map((m) => propertyName(m.name, source)).filter((k): k is string => k !== undefined));
      if (keys.size < MIN_KEYS) return;
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push({ file, line: line + 1, name: declaredName(node), keys });
    });
  }
  return found;
}

describe('request and response shapes', () => {
  const shapes = contractShapes();

  it('are read from the contract', () => {
    expect(shapes.length).toBeGreaterThan(20);
    expect(shapes.map((s) => s.name)).toContain('fillOrder.response');
  });

  it('are declared only in the contract', () => {
    const copies: string[] = [];
    for (const declared of declaredShapes()) {
      if (NOT_COPIES[declared.file]?.[declared.name]) continue;
      for (const shape of shapes) {
        if (shape.keys.every((k) => declared.keys.has(k))) {
          copies.push(`${declared.file}:${declared.line} ${declared.name} copies ${shape.name} {${shape.keys.join(', ')}}`);
        }
      }
    }
    expect(copies).toEqual([]);
  });
});
