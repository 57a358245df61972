import { describe, expect, it } from 'vitest';
import { can, CONSOLE_PERMISSIONS, OPERATOR_ROLES, ROLE_PERMISSIONS } from './roles';
import {
  allowedTransitions, canTransition, CONSOLE_ORDER_STATUSES, CONSOLE_STATUS_LABELS, FINAL_WORKFLOW_STATUSES,
  WORKFLOW_STATUSES, WORKFLOW_TRANSITIONS,
} from './workflow';

describe('the order workflow table', () => {
  it('leads from the signature to an active line', () => {
    const path = ['signed', 'in_review', 'verified', 'activating', 'active'] as const;
    for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1]!, path[i]!, 'backoffice')).toBe(true);
  });

  it('lets staff cancel or record a withdrawal from every non-final status, with a reason', () => {
    for (const from of WORKFLOW_STATUSES.filter((s) => !FINAL_WORKFLOW_STATUSES.includes(s))) {
      for (const to of ['cancelled', 'withdrawn'] as const) {
        const move = WORKFLOW_TRANSITIONS.find((t) => t.from === from && t.to === to);
        expect(move, `${from} → ${to}`).toBeDefined();
        expect(move!.reasonRequired).toBe(true);
      }
    }
  });

  it('leaves a final status by no move, save a consumer’s withdrawal from an active line (within the 14 days)', () => {
    for (const from of FINAL_WORKFLOW_STATUSES) {
      for (const role of OPERATOR_ROLES) {
        expect(allowedTransitions(from, role).map((t) => `${t.from}→${t.to}`)).toEqual(from === 'active' && role !== 'viewer' ? ['active→withdrawn'] : []);
      }
    }
  });

  it('gives a viewer no move at all', () => {
    for (const from of WORKFLOW_STATUSES) expect(allowedTransitions(from, 'viewer')).toEqual([]);
  });

  it('skips no step: verification comes before activation', () => {
    expect(canTransition('signed', 'activating', 'admin')).toBe(false);
    expect(canTransition('documents_to_redo', 'verified', 'admin')).toBe(false);
  });

  it('has an Italian label for every status the console shows, and one move per pair', () => {
    for (const s of CONSOLE_ORDER_STATUSES) expect(CONSOLE_STATUS_LABELS[s]).toMatch(/^[A-Z]/);
    const pairs = WORKFLOW_TRANSITIONS.map((t) => `${t.from}>${t.to}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });
});

describe('the roles table', () => {
  it('gives the admin everything', () => {
    for (const p of CONSOLE_PERMISSIONS) expect(can('admin', p)).toBe(true);
  });

  it('keeps operators and the audit log to admins', () => {
    for (const p of ['operators.manage', 'provider_tokens.manage', 'audit.read', 'reference.upload', 'privacy.manage'] as const) {
      expect(can('backoffice', p)).toBe(false);
      expect(can('viewer', p)).toBe(false);
    }
  });

  it('keeps a viewer to reading, with personal data masked and no documents', () => {
    expect(ROLE_PERMISSIONS.viewer).not.toContain('orders.personal_data');
    expect(ROLE_PERMISSIONS.viewer).not.toContain('documents.read');
    for (const p of ROLE_PERMISSIONS.viewer) expect(p).toMatch(/^(orders\.(read|reveal|export)|leads\.read|premade\.read)$/);
  });
});
