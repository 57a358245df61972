import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRACKING_STATUS_TEXTS, customerMessagesFor, slotPublicationIsNews } from '@checkout/contract';
import type { EventType } from '@checkout/contract';
import { REPO_ROOT } from '../../config';

/*
 * "A promise in the product's words is a rule in its code" (docs: DESIGN, habits): each sentence of the
 * customer's pages (every section of the locale, and the status texts the tracking page reads from the
 * contract) that tells the customer a message will come names here what sends it, and for a message of the
 * outbox the contract's one table (`customerMessagesFor`) must send it by the channels the sentence names.
 * A new promise with no row here fails, and so does a row whose event has lost its entry in the table.
 */

/** "ti avviseremo", "ti avvisiamo", "ti inviamo", "ti invieremo", "ti scriviamo", "ti scriveremo", "riceverai"… */
const PROMISE = /\b(?:ti (?:avvis|invi|scriv|mand)\w*|riceverai)\b/i;


type Keeper =
  /** A message of the outbox, written with `event` whose `data` is the case the sentence is shown in. */
  | { event: EventType; data: Record<string, unknown> }
  /** A one-time code the request itself sends (not a message of the outbox). */
  | { code: true }
  /** A message the request itself sends, named by the test that proves it is sent. */
  | { sentBy: string };

const NOW = new Date('2026-03-02T09:00:00Z');

const PROMISES: Record<string, Keeper> = {
  // Shown while the order has no date to choose and no appointment: the provider's first dates are news.
  'tracking.appointmentNone': {
    event: 'appointment.slots_published',
    data: {
      customer_notified: slotPublicationIsNews({
        published: [{ start: new Date('2026-03-05T08:00:00Z'), end: new Date('2026-03-05T10:00:00Z') }],
        offeredBefore: [], booked: null, lastPublishedAt: null, now: NOW,
      }),
    },
  },
  'tracking.appointmentDone': { event: 'appointment.booked', data: { rebooked: false } },
  'tracking.appointmentChanged': { event: 'appointment.booked', data: { rebooked: true } },
  'tracking.detailsIntro': { code: true },
  'thankYou.nextEmail': { event: 'order.signed', data: {} },
  'thankYou.nextActive': { event: 'order.status_changed', data: { from: 'activating', to: 'active' } },
  'withdrawal.intro': { code: true },
  'withdrawal.doneNext': { event: 'order.withdrawn', data: { withdrawn_at: NOW.toISOString(), channel: 'online' } },
  // "Se serve qualcosa ti scriviamo": a document to upload again.
  'status.signed': { event: 'order.document_reviewed', data: { decision: 'rejected', reason_code: 'unreadable' } },
  'status.ready_to_sign': { code: true },
  'pages.signature.text': { code: true },
  // "Qui riceverai il contratto firmato e gli aggiornamenti sull’attivazione": by email.
  'checkout.contact.emailHint': { event: 'order.signed', data: {} },
  // The code to the new number, and the notice (no code) to the number it replaces.
  'signature.changeMobileIntro': { sentBy: 'server/src/modules/signature/mobile-number-change.test.ts' },
  'premadeFlow.readyTextCode': { code: true },
  'premadeFlow.codeText': { code: true },
  'consentChanges.intro': { code: true },
  // The tracking page's code, which opens the signed contract once the thank-you page's link has expired.
  'thankYou.filesExpired': { code: true },
};

/** Every string of `value` by its dotted key. */
function strings(value: unknown, key: string): Array<[string, string]> {
  if (typeof value === 'string') return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${key}.${i}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, `${key}.${k}`));
  return [];
}

const locale = JSON.parse(readFileSync(path.join(REPO_ROOT, 'web/src/locales/it.json'), 'utf8')) as Record<string, unknown>;
const TEXTS: Array<[string, string]> = [
  ...Object.entries(locale).flatMap(([section, value]) => strings(value, section)),
  ...Object.entries(TRACKING_STATUS_TEXTS).map(([status, text]): [string, string] => [`status.${status}`, text.next ?? '']),
];
const promised = TEXTS.filter(([, text]) => PROMISE.test(text));

describe('what the order\'s pages promise to send is sent', () => {
  it('finds the promises (the check itself)', () => {
    for (const text of ['Quando ci saranno date … e ti avviseremo.', 'Ti inviamo la conferma', 'ti avvisiamo via SMS', 'Se serve qualcosa ti scriviamo.']) {
      expect(PROMISE.test(text), text).toBe(true);
    }
    expect(PROMISE.test('Le troverai qui.')).toBe(false);
    expect(promised.map(([key]) => key)).toContain('tracking.appointmentNone');
  });

  it('names what keeps each promise, and every row still is one', () => {
    expect(promised.map(([key]) => key).filter((key) => !(key in PROMISES)), 'a promise with no row').toEqual([]);
    expect(Object.keys(PROMISES).filter((key) => !promised.some(([k]) => k === key)), 'a row for no promise').toEqual([]);
  });

  it.each(promised.filter(([key]) => key in PROMISES && 'event' in PROMISES[key]!))('%s: the table sends it', (key, text) => {
    const keeper = PROMISES[key] as Extract<Keeper, { event: EventType }>;
    const targets = customerMessagesFor(keeper.event, keeper.data).map((m) => m.target);
    expect(targets, `${keeper.event} has no message in customerMessagesFor`).not.toEqual([]);
    if (/\bSMS\b/.test(text)) expect(targets).toContain('sms');
    if (/\bemail\b/i.test(text)) expect(targets).toContain('email');
  });
});

describe('messages a request sends itself', () => {
  it.each(Object.entries(PROMISES).filter(([, k]) => 'sentBy' in k))('%s: its test is there', (_key, keeper) => {
    const file = (keeper as Extract<Keeper, { sentBy: string }>).sentBy;
    expect(readFileSync(path.join(REPO_ROOT, file), 'utf8')).toMatch(/told|notice|avviso/i);
  });
});

describe('the activation\'s news', () => {
  it('"gli aggiornamenti sull’attivazione" reach the email address given at step 1', () => {
    for (const to of ['activating', 'active'] as const) {
      expect(customerMessagesFor('order.status_changed', { from: 'verified', to }).map((m) => m.target)).toContain('email');
    }
  });
});
