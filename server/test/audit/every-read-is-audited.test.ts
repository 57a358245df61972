import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_HEADER, OPERATOR_ROLES, PROVIDER_SCOPES, can, consoleEndpoints, fillPath, leadSchema, providerEndpoints,
} from '@checkout/contract';
import type {
  AuditAction, ConsoleClient, ConsoleEndpointDef, ConsoleEndpointName, OperatorRole, ProviderEndpointDef, ProviderEndpointName,
} from '@checkout/contract';
import { forEachDialect } from '../support/dialects';
import { consoleClientFor, signInOperator } from '../support/console-session';
import type { SignedInTestOperator } from '../support/console-session';
import { providerClientFor, providerRefusal } from '../support/provider-client';
import type { TestProviderClient } from '../support/provider-client';
import { signingHarness } from '../support/signing-harness';
import { TEST_ADDRESS_ID } from '../support/test-coverage';
import { consoleAuthModule } from '../../src/modules/console-auth';
import { consoleDashboardModule } from '../../src/modules/console-dashboard';
import { createConsoleDataModule } from '../../src/modules/console-data';
import { createConsoleOrdersModule } from '../../src/modules/console-orders';
import { consoleSalesModule } from '../../src/modules/console-sales';
import { createEventsModule } from '../../src/modules/events';
import { insertLead, LEAD } from '../../src/modules/leads';
import { createProviderToken, providerModule, providerTokensConsoleModule } from '../../src/modules/provider';

/*
 * OWASP ASVS 5.0 V16.2: every read of personal data in clear, by any role, and every refusal leaves an
 * audit record (who, from where, what was asked). The routes come from the contract's endpoint tables:
 * each console and provider call is classified here, as answering customer personal data in clear (and
 * then the record one call must add) or not (and why). A new call fails this file until it is classified.
 */

const IP = '10.42.0.7';
const UA = 'audit-test/1.0';
const FROM = { remoteAddress: IP, headers: { 'user-agent': UA } };
// PRIVATO_STEPS: Mario Rossi, RSSMRA80A01H501U, mario.rossi@example.it.
const CF = 'RSSMRA80A01H501U';

interface Fixture {
  app: FastifyInstance;
  ops: Record<OperatorRole, SignedInTestOperator & { api: ConsoleClient }>;
  provider: TestProviderClient;
  providerTokenId: string;
  orderId: string;
  orderNumber: string;
  mediaId: string;
  leadId: string;
  premadeId: string;
  /** An order with every step saved, not signed: its signature is the customer's move. */
  readyId: string;
}

/** A call that answers personal data in clear: the role (or the provider) that makes it, and the record it must add. */
interface PersonalCall {
  by: OperatorRole | 'provider';
  action: AuditAction;
  call: (f: Fixture) => Promise<unknown>;
  /** The record's target (the order or lead asked for), when it has one. */
  target?: (f: Fixture) => string;
}
type Classified = { personal: PersonalCall } | { none: string };

/** A file call (document, PDF, zip, CSV) as the browser makes it: the cookie, from the test's address and user agent. */
const file = (role: OperatorRole, name: Parameters<ConsoleClient['fileUrl']>[0], params: (f: Fixture) => Record<string, string>, query?: Record<string, string>) =>
  async (f: Fixture) => {
    const op = f.ops[role];
    const res = await f.app.inject({
      method: 'GET', url: op.api.fileUrl(name, params(f) as never, query as never), headers: { cookie: op.cookie, 'user-agent': UA }, remoteAddress: IP,
    });
    expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.body;
  };

const STAFF_ONLY = "the operators' own accounts: no customer data";

const CONSOLE: Record<ConsoleEndpointName, Classified> = {
  signIn: { none: STAFF_ONLY },
  session: { none: STAFF_ONLY },
  signOut: { none: STAFF_ONLY },
  signOutEverywhere: { none: STAFF_ONLY },
  setupInfo: { none: STAFF_ONLY },
  setupBegin: { none: STAFF_ONLY },
  setupComplete: { none: STAFF_ONLY },
  listOperators: { none: STAFF_ONLY },
  createOperator: { none: `${STAFF_ONLY} (the change has its own record)` },
  updateOperator: { none: `${STAFF_ONLY} (the change has its own record)` },
  issueSetupLink: { none: `${STAFF_ONLY} (the change has its own record)` },

  listOrders: { personal: { by: 'backoffice', action: 'orders_listed', call: (f) => f.ops.backoffice.api.listOrders({ q: CF.toLowerCase() }) } },
  exportOrders: { personal: { by: 'backoffice', action: 'orders_exported', call: file('backoffice', 'exportOrders', () => ({}), { q: 'rossi' }) } },
  getOrder: { personal: { by: 'backoffice', action: 'order_viewed', call: (f) => f.ops.backoffice.api.getOrder({ order_id: f.orderId }), target: (f) => f.orderId } },
  revealOrder: {
    personal: {
      by: 'viewer', action: 'personal_data_revealed', target: (f) => f.orderId,
      call: (f) => f.ops.viewer.api.revealOrder({ order_id: f.orderId }, { reason: 'Il cliente chiede della consegna' }),
    },
  },
  transitionOrder: { none: 'answers the new status' },
  addOrderNote: { none: "answers the operator's own note" },
  orderDocument: {
    personal: { by: 'backoffice', action: 'document_viewed', target: (f) => f.orderId, call: file('backoffice', 'orderDocument', (f) => ({ order_id: f.orderId, media_id: f.mediaId })) },
  },
  orderFile: {
    personal: { by: 'backoffice', action: 'document_viewed', target: (f) => f.orderId, call: file('backoffice', 'orderFile', (f) => ({ order_id: f.orderId, kind: 'signed' })) },
  },
  orderEvidence: {
    personal: { by: 'admin', action: 'evidence_downloaded', target: (f) => f.orderId, call: file('admin', 'orderEvidence', (f) => ({ order_id: f.orderId })) },
  },
  reviewQueue: { personal: { by: 'backoffice', action: 'review_queue_viewed', call: (f) => f.ops.backoffice.api.reviewQueue() } },
  getReview: { personal: { by: 'backoffice', action: 'order_viewed', call: (f) => f.ops.backoffice.api.getReview({ order_id: f.orderId }), target: (f) => f.orderId } },
  claimReview: { none: 'answers ok' },
  decideReview: { none: 'answers the new status' },
  listAudit: { none: "the operators' records: searches and subjects are kept masked in them" },
  exportAudit: { none: "the operators' records, as the list shows them (the export has its own record)" },

  listLeads: { personal: { by: 'backoffice', action: 'leads_listed', call: (f) => f.ops.backoffice.api.listLeads({ handled: '0' }) } },
  exportLeads: { personal: { by: 'backoffice', action: 'leads_exported', call: file('backoffice', 'exportLeads', () => ({})) } },
  getLead: { personal: { by: 'backoffice', action: 'lead_viewed', target: (f) => f.leadId, call: (f) => f.ops.backoffice.api.getLead({ lead_id: f.leadId }) } },
  markLeadHandled: {
    personal: {
      by: 'backoffice', action: 'lead_handled', target: (f) => f.leadId,
      call: (f) => f.ops.backoffice.api.markLeadHandled({ lead_id: f.leadId }, { note: 'Richiamato il cliente' }),
    },
  },
  createPremadeOrder: { none: 'answers the code, its link and the phone masked (a code with personal data opens only with a one-time code); the creation has its own record' },
  listPremadeOrders: { personal: { by: 'backoffice', action: 'premade_orders_listed', call: (f) => f.ops.backoffice.api.listPremadeOrders({ state: 'open' }) } },
  extendPremadeOrder: {
    personal: { by: 'backoffice', action: 'premade_extended', target: (f) => f.premadeId, call: (f) => f.ops.backoffice.api.extendPremadeOrder({ order_id: f.premadeId }, { days: 2 }) },
  },
  expirePremadeOrder: {
    personal: { by: 'backoffice', action: 'premade_expired', target: (f) => f.premadeId, call: (f) => f.ops.backoffice.api.expirePremadeOrder({ order_id: f.premadeId }) },
  },
  createMobileOrder: {
    personal: {
      by: 'backoffice', action: 'mobile_order_created',
      call: (f) => f.ops.backoffice.api.createMobileOrder({ mobile_phone_number: '333 123 4567', iccid: '8939 0100 0000 0000 025' }),
    },
  },
  listMobileOrders: { personal: { by: 'backoffice', action: 'mobile_orders_listed', call: (f) => f.ops.backoffice.api.listMobileOrders() } },

  uploadReferenceFile: { none: 'coverage and ATECO files: addresses and codes, no customer' },
  referenceJobs: { none: 'coverage and ATECO files: addresses and codes, no customer' },
  referenceJob: { none: 'coverage and ATECO files: addresses and codes, no customer' },
  privacySearch: { personal: { by: 'admin', action: 'privacy_searched', call: (f) => f.ops.admin.api.privacySearch({ q: CF }) } },
  privacyExport: { personal: { by: 'admin', action: 'privacy_exported', call: file('admin', 'privacyExport', () => ({}), { q: CF }) } },
  privacyEraseOrder: { none: 'answers what was removed (counts); the erasure has its own record' },

  orderEvents: { none: "the order's events and how each delivery went: types, targets, statuses" },
  redeliverEvent: { none: 'answers the delivery again; the attempt has its own record' },
  leadEvents: { none: "the lead's events and how each delivery went: types, targets, statuses" },
  redeliverLeadEvent: { none: 'answers the delivery again; the attempt has its own record' },
  dashboard: { none: 'counts of orders, documents and codes; no customer' },
  exportDashboard: { none: 'the same counts as CSV; no customer' },

  listProviderTokens: { none: "the provider's tokens: names, scopes, first characters, never a secret; no customer" },
  createProviderToken: { none: 'answers the new token (its secret, once); the creation has its own record' },
  revokeProviderToken: { none: 'answers the revoked token; the revocation has its own record' },
};

const PROVIDER: Record<ProviderEndpointName, Classified> = {
  getOrder: { personal: { by: 'provider', action: 'provider_order_read', target: (f) => f.orderId, call: (f) => f.provider.getOrder({ order_ref: f.orderNumber }) } },
  // Answers the order after the move: the move's own record is the read's.
  moveOrder: {
    personal: {
      by: 'provider', action: 'order_status_changed', target: (f) => f.orderId,
      call: (f) => f.provider.moveOrder({ order_ref: f.orderId }, { status: 'cancelled', expected_status: 'signed', reason: 'Linea non attivabile' }),
    },
  },
  addOrderNote: { none: 'answers the note the provider wrote' },
  publishAppointmentSlots: { none: 'answers the slots the provider published' },
};

const personalOf = (table: Record<string, Classified>) =>
  Object.entries(table).flatMap(([name, c]) => ('personal' in c ? [[name, c.personal] as const] : []));

forEachDialect('every read of personal data in clear, and every refusal, is audited', (dialect) => {
  const h = signingHarness(dialect, '2026-03-01T10:00:00Z', {
    moreModules: () => [consoleAuthModule, createConsoleOrdersModule(), consoleSalesModule, createConsoleDataModule(), consoleDashboardModule, providerModule, providerTokensConsoleModule, createEventsModule()],
  });
  const f = {} as Fixture;
  const ids = async () => new Set((await h.t.db.selectFrom('audit_log').select('id').execute()).map((r) => r.id));
  /** The records written since `before`. */
  const since = async (before: Set<string>) => (await h.t.db.selectFrom('audit_log').selectAll().execute()).filter((r) => !before.has(r.id));

  beforeAll(async () => {
    // A consumer's signed order (identity document, contract files, signature evidence), a lead, a pre-made code.
    const hash = await h.readyOrder();
    expect((await h.preview(hash)).status).toBe(200);
    expect((await h.sign(hash, await h.sendCode(hash))).status).toBe(200);
    const row = await h.row(hash);
    const ready = await h.row(await h.readyOrder());
    expect(ready.status).toBe('ready_to_sign');
    const media = await h.t.db.selectFrom('medias').select('id').where('order_id', '=', row.id).executeTakeFirstOrThrow();
    const leadId = '00000000-0000-4000-8000-000000000001';
    await insertLead(h.t.db, { id: leadId, payload_json: JSON.stringify(leadSchema.parse(LEAD)), created_at: new Date().toISOString() });
    const op = async (role: OperatorRole) => {
      const signed = await signInOperator(h.t.app, h.t.db, role);
      return { ...signed, api: consoleClientFor(h.t.app, signed.cookie, signed.csrfToken, FROM) };
    };
    const ops = { admin: await op('admin'), backoffice: await op('backoffice'), viewer: await op('viewer') };
    const premade = await ops.backoffice.api.createPremadeOrder({ offer_id: 101, id_egon_civico: TEST_ADDRESS_ID, first_name: 'Marco', mobile_phone_number: '3471234567' });
    const token = await createProviderToken(h.t.db, { name: 'CRM', scopes: [...PROVIDER_SCOPES] }, { operatorId: null, operatorEmail: null, ip: null, userAgent: 'test' }, new Date());
    Object.assign(f, {
      app: h.t.app, ops, provider: providerClientFor(h.t.app, token.token, FROM), providerTokenId: token.record.id,
      orderId: row.id, orderNumber: row.order_number, mediaId: media.id, leadId, premadeId: premade.id, readyId: ready.id,
    } satisfies Fixture);
  });

  it('classifies every call of the contract (a new call must say whether it answers personal data)', () => {
    expect(Object.keys(CONSOLE).sort()).toEqual(Object.keys(consoleEndpoints).sort());
    expect(Object.keys(PROVIDER).sort()).toEqual(Object.keys(providerEndpoints).sort());
  });

  describe('a 403 adds one record', () => {
    const guarded = (Object.entries(consoleEndpoints) as Array<[string, ConsoleEndpointDef]>).filter(([, d]) => d.access !== 'public' && d.access !== 'session');
    const refusals = OPERATOR_ROLES.flatMap((role) => guarded.filter(([, d]) => !can(role, d.access as never)).map(([name, def]) => [role, name, def] as const));

    it.each(refusals.map(([role, name, def]) => [role, name, def]))('console: %s calling %s', async (role, _name, def) => {
      const op = f.ops[role];
      const url = fillPath(def.path, Object.fromEntries([...def.path.matchAll(/\{([a-z_]+)\}/g)].map(([, p]) => [p as string, f.orderId])));
      const before = await ids();
      const res = await h.t.app.inject({
        method: def.method, url, remoteAddress: IP,
        headers: { cookie: op.cookie, [CSRF_HEADER]: op.csrfToken, 'user-agent': UA, ...(def.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        ...(def.method === 'POST' ? { payload: '{}' } : {}),
      });
      expect([res.statusCode, (res.json() as { error: { code: string } }).error.code]).toEqual([403, 'console_forbidden']);
      const rows = await since(before);
      expect(rows.map((r) => [r.action, r.operator_id, r.ip, r.user_agent])).toEqual([['access_refused', op.operator.id, IP, UA]]);
      expect(JSON.parse(rows[0]!.detail_json)).toEqual({ method: def.method, route: def.path, path: url, reason: 'permission', role, permission: def.access });
    });

    it('console: a POST without its CSRF token', async () => {
      const before = await ids();
      const noToken = consoleClientFor(h.t.app, f.ops.admin.cookie, null, FROM);
      await expect(noToken.addOrderNote({ order_id: f.orderId }, { text: 'Nota' })).rejects.toMatchObject({ status: 403, code: 'console_csrf' });
      const rows = await since(before);
      expect(rows.map((r) => [r.action, r.operator_id, r.ip, r.user_agent])).toEqual([['access_refused', f.ops.admin.operator.id, IP, UA]]);
      expect(JSON.parse(rows[0]!.detail_json)).toMatchObject({ method: 'POST', route: consoleEndpoints.addOrderNote.path, reason: 'csrf' });
    });

    it('console: a move the workflow keeps for the customer, refused inside its rolled-back transaction', async () => {
      const before = await ids();
      await expect(f.ops.backoffice.api.transitionOrder({ order_id: f.readyId }, { to: 'signed', expected_status: 'ready_to_sign' }))
        .rejects.toMatchObject({ status: 403, code: 'console_forbidden' });
      const rows = await since(before);
      expect(rows.map((r) => [r.action, r.operator_id, r.ip, r.user_agent])).toEqual([['access_refused', f.ops.backoffice.operator.id, IP, UA]]);
      expect(JSON.parse(rows[0]!.detail_json)).toEqual({
        method: 'POST', route: consoleEndpoints.transitionOrder.path, path: fillPath(consoleEndpoints.transitionOrder.path, { order_id: f.readyId }),
        reason: 'rule', code: 'console_forbidden', role: 'backoffice',
      });
      expect((await h.t.db.selectFrom('orders').select('status').where('id', '=', f.readyId).executeTakeFirstOrThrow()).status).toBe('ready_to_sign');
    });

    it.each((Object.entries(providerEndpoints) as Array<[string, ProviderEndpointDef]>).map(([name, def]) => [name, def]))(
      'provider: a token without the scope of %s',
      async (_name, def) => {
        const token = await createProviderToken(h.t.db, { name: 'Senza permesso', scopes: PROVIDER_SCOPES.filter((s) => s !== def.scope) },
          { operatorId: null, operatorEmail: null, ip: null, userAgent: 'test' }, new Date());
        const before = await ids();
        const res = await h.t.app.inject({
          method: def.method, url: fillPath(def.path, { order_ref: f.orderNumber }), remoteAddress: IP,
          headers: { authorization: `Bearer ${token.token}`, 'user-agent': UA, ...(def.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
          ...(def.method === 'GET' ? {} : { payload: '{}' }),
        });
        expect([res.statusCode, (res.json() as { error: { code: string } }).error.code]).toEqual([403, 'provider_insufficient_scope']);
        const rows = await since(before);
        expect(rows.map((r) => [r.action, r.operator_id, r.ip, r.user_agent])).toEqual([['provider_access_denied', null, IP, UA]]);
        expect(JSON.parse(rows[0]!.detail_json)).toEqual({
          method: def.method, path: fillPath(def.path, { order_ref: f.orderNumber }), scope: def.scope, provider_token: { id: token.record.id, name: 'Senza permesso' },
        });
      },
    );

    it('provider: a move the workflow keeps for the operators', async () => {
      const before = await ids();
      const refusal = await providerRefusal(f.provider.moveOrder({ order_ref: f.orderId }, { status: 'in_review', expected_status: 'signed' }));
      expect([refusal.status, refusal.code]).toEqual([403, 'provider_transition_forbidden']);
      const rows = await since(before);
      expect(rows.map((r) => [r.action, r.operator_id, r.ip, r.user_agent])).toEqual([['provider_request_refused', null, IP, UA]]);
      expect(JSON.parse(rows[0]!.detail_json)).toMatchObject({ status: 403, code: 'provider_transition_forbidden', provider_token: { id: f.providerTokenId } });
    });
  });

  describe('a read of personal data in clear adds one record', () => {
    // In the tables' order: the provider's move (which cancels the order) comes last.
    it.each([...personalOf(CONSOLE), ...personalOf(PROVIDER)].map(([name, c]) => [name, c]))('%s', async (_name, c) => {
      const before = await ids();
      await c.call(f);
      const rows = await since(before);
      expect(rows.map((r) => r.action)).toEqual([c.action]);
      const [row] = rows;
      expect([row!.ip, row!.user_agent]).toEqual([IP, UA]);
      if (c.by === 'provider') {
        expect(row!.operator_id).toBeNull();
        expect(JSON.parse(row!.detail_json)).toMatchObject({ provider_token: { id: f.providerTokenId } });
      } else {
        expect([row!.operator_id, row!.operator_email]).toEqual([f.ops[c.by].operator.id, f.ops[c.by].operator.email]);
      }
      if (c.target) expect(row!.target_id).toBe(c.target(f));
      // What was asked, never a searched value in clear.
      for (const secret of [CF, CF.toLowerCase()]) expect(row!.detail_json).not.toContain(secret);
    });
  });

  it("adds none for a viewer's masked pages", async () => {
    const viewer = f.ops.viewer.api;
    const before = await ids();
    expect((await viewer.getOrder({ order_id: f.orderId })).masked).toBe(true);
    await viewer.listOrders({ q: CF });
    expect((await viewer.getLead({ lead_id: f.leadId })).masked).toBe(true);
    await viewer.listLeads();
    await viewer.listPremadeOrders();
    expect(await since(before)).toEqual([]);
  });
});
