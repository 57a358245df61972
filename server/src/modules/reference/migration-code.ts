import type { migrationCodeResultSchema } from '@checkout/contract';
import type { z } from 'zod';
import { findOperatorByCow, FIXED_OPERATORS } from './operators';
import type { Operator } from './operators';

/*
 * Codice di migrazione (AGCOM 274/07/CONS, TOOLING.md): COW (3 alphanumerics, the operator) +
 * COR (8-12 alphanumerics, usually the line number) + COS (3 digits: 001-017, or 222/999 for pure
 * number portability) + 1 check letter. The check letter's algorithm has no reliable public source,
 * so only the format is checked here and the check is pluggable.
 */

export interface MigrationCodeParts { cow: string; cor: string; cos: string; check: string }

/** Decides whether the check letter fits the rest; the default accepts any letter. */
export type CheckCharacterValidator = (parts: MigrationCodeParts) => boolean;
export const acceptAnyCheckLetter: CheckCharacterValidator = (parts) => /^[A-Z]$/.test(parts.check);

/**
 * validate-migration-code's answer (`valid`: format and check letter hold, SPEC §5 judges the class apart;
 * `cos`: the service class whenever three digits stand in its place; `operator`: the name of a known COW),
 * with what the server's own checks read besides.
 */
export interface MigrationCodeResult extends z.output<typeof migrationCodeResultSchema> {
  /** Its service class is one this checkout takes over (001-017, 222, 999). */
  cos_accepted: boolean;
  /** Normalised: uppercase, no separators. */
  code: string;
  parts: MigrationCodeParts | null;
  operator_id: string | null;
  reason: 'format' | 'cos' | 'check' | null;
}

export const normaliseMigrationCode = (input: string): string => input.replace(/[\s\-/._]/g, '').toUpperCase();

const SHAPE = /^([A-Z0-9]{3})([A-Z0-9]{8,12})([0-9]{3})([A-Z])$/;

export const isValidCos = (cos: string): boolean => {
  if (!/^\d{3}$/.test(cos)) return false;
  const n = Number(cos);
  return (n >= 1 && n <= 17) || n === 222 || n === 999;
};

export interface ValidateMigrationCodeOptions {
  checkCharacterValidator?: CheckCharacterValidator;
  operators?: readonly Operator[];
}

export const validateMigrationCode = (input: string, options: ValidateMigrationCodeOptions = {}): MigrationCodeResult => {
  const code = normaliseMigrationCode(input);
  const m = SHAPE.exec(code);
  if (!m) {
    // Still report a COS when the tail looks like one: it helps the client show *what* is wrong.
    const tail = /(\d{3})[A-Z]$/.exec(code);
    return { valid: false, cos_accepted: false, code, parts: null, cos: tail?.[1] ?? null, operator: null, operator_id: null, reason: 'format' };
  }
  const parts: MigrationCodeParts = { cow: m[1] as string, cor: m[2] as string, cos: m[3] as string, check: m[4] as string };
  const operator = findOperatorByCow(parts.cow, options.operators ?? FIXED_OPERATORS);
  const base = { code, parts, cos: parts.cos, operator: operator?.name ?? null, operator_id: operator?.id ?? null, cos_accepted: isValidCos(parts.cos) };
  if (!(options.checkCharacterValidator ?? acceptAnyCheckLetter)(parts)) return { ...base, valid: false, reason: 'check' };
  // A well-formed code of a class this checkout does not take over is still a valid code (SPEC §5 'invalid_cos').
  return { ...base, valid: true, reason: base.cos_accepted ? null : 'cos' };
};
