import { describe, expect, it } from 'vitest';
import type { Brand } from './email-layout';
import { escapeHtml } from './email-layout';
import { SMS_SEPTETS, gsmSeptets } from './gsm';
import { rejectionWording, renderCustomerEmail, renderCustomerSms } from './templates';
import type { MessageInput } from './templates';

const brand: Brand = { name: 'Fibra Viva', colour: '#0b5ed7', legalPagesUrl: 'https://www.fibraviva.it/legale' };
const N = 'FV-2026-K7M4Q9';
const SITE = 'https://www.fibraviva.it';
const tracking = `${SITE}/ordine/${N}`;
// 10:00 in Italy on Sunday 1 March 2026; its withdrawal period ends on 15 March.
const signedAt = new Date('2026-03-01T09:00:00.000Z');

const signed = (consumer: boolean): MessageInput => ({
  template: 'contract_signed', orderNumber: N, signedAt, consumer, trackingUrl: tracking, withdrawalUrl: `${SITE}/recesso/${N}`,
  attachments: ['il contratto firmato (contratto-firmato-FV-2026-K7M4Q9.pdf)', 'la sintesi contrattuale (sintesi-contrattuale-FV-2026-K7M4Q9.pdf)'],
});

interface Case {
  name: string;
  input: MessageInput;
  subject: string;
  /** Sentences the text part must hold. */
  says: string[];
  /** …and must not. */
  never?: string[];
  sms: string;
}

const CASES: Case[] = [
  {
    name: 'contract signed, consumer', input: signed(true),
    subject: `Fibra Viva: il tuo contratto firmato (ordine ${N})`,
    says: [
      `Il contratto dell'ordine ${N} è firmato (1 marzo 2026).`, '- il contratto firmato (contratto-firmato-FV-2026-K7M4Q9.pdf)',
      'entro il 15 marzo 2026', `Recedi online: ${SITE}/recesso/${N}`, `Segui il tuo ordine: ${tracking}`,
    ],
    sms: `Fibra Viva: il contratto dell'ordine ${N} è firmato. Documenti e stato dell'ordine: ${tracking}`,
  },
  {
    name: 'contract signed, business (no withdrawal right)', input: signed(false),
    subject: `Fibra Viva: il tuo contratto firmato (ordine ${N})`,
    says: [`Segui il tuo ordine: ${tracking}`], never: ['recedere', 'recesso'],
    sms: `Fibra Viva: il contratto dell'ordine ${N} è firmato. Documenti e stato dell'ordine: ${tracking}`,
  },
  {
    name: 'in attivazione', input: { template: 'status_changed', orderNumber: N, status: 'activating', message: null, trackingUrl: tracking },
    subject: `Fibra Viva: il tuo ordine ${N} è in attivazione`,
    says: [`chiesto l'attivazione della tua linea`, `Vai al tuo ordine: ${tracking}`],
    sms: `Fibra Viva: l'ordine ${N} è in attivazione. Segui l'ordine: ${tracking}`,
  },
  {
    name: 'attivo', input: { template: 'status_changed', orderNumber: N, status: 'active', message: null, trackingUrl: tracking },
    subject: `Fibra Viva: la tua linea è attiva (ordine ${N})`,
    says: [`Il servizio dell'ordine ${N} è attivo`, `Vai al tuo ordine: ${tracking}`],
    sms: `Fibra Viva: la linea dell'ordine ${N} è attiva. Dettagli: ${tracking}`,
  },
  {
    name: 'annullato con un messaggio per il cliente', input: { template: 'status_changed', orderNumber: N, status: 'cancelled', message: 'rete non ancora disponibile', trackingUrl: tracking },
    subject: `Fibra Viva: il tuo ordine ${N} è stato annullato`,
    says: [`L'ordine ${N} è stato annullato.`, 'Ti scriviamo: «rete non ancora disponibile»', `Vai al tuo ordine: ${tracking}`],
    sms: `Fibra Viva: l'ordine ${N} è stato annullato (rete non ancora disponibile). Dettagli: ${tracking}`,
  },
  {
    name: 'documento rifiutato, motivo con nota', input: { template: 'document_rejected', orderNumber: N, reason: 'unreadable', note: 'foto sfocata', trackingUrl: tracking },
    subject: 'Fibra Viva: carica di nuovo il documento d\'identità',
    says: [`per l'ordine ${N} non abbiamo potuto accettare il documento d'identità: Il documento non è leggibile (foto sfocata).`, `Vai al tuo ordine: ${tracking}`],
    // The order's page by its number: never the order's hash (the upload link is on that page, behind a code).
    never: ['/document-upload/'],
    sms: `Fibra Viva: il documento dell'ordine ${N} va caricato di nuovo (Il documento non è leggibile). ${tracking}`,
  },
  {
    name: 'date per l\'installazione', input: {
      template: 'appointment_slots_published', orderNumber: N, dates: 3, firstStartsAt: '2026-03-10T08:00:00.000Z', firstEndsAt: '2026-03-10T12:00:00.000Z', trackingUrl: tracking,
    },
    subject: `Fibra Viva: scegli la data per l'installazione (ordine ${N})`,
    says: [
      `per installare la linea dell'ordine ${N} serve l'intervento di un tecnico: ci sono 3 date disponibili, la prima martedì 10 marzo 2026, dalle 9:00 alle 13:00.`,
      'Scegli quella che preferisci dalla pagina del tuo ordine, dove trovi sempre le date ancora disponibili.', `Scegli la data: ${tracking}`,
    ],
    never: ['/document-upload/'],
    sms: `Fibra Viva: 3 date per l'installazione dell'ordine ${N}, la prima mar 10/03 alle 9:00. Scegline una: ${tracking}`,
  },
  {
    name: 'una data per l\'installazione', input: {
      template: 'appointment_slots_published', orderNumber: N, dates: 1, firstStartsAt: '2026-03-31T22:30:00.000Z', firstEndsAt: '2026-04-01T01:00:00.000Z', trackingUrl: tracking,
    },
    subject: `Fibra Viva: scegli la data per l'installazione (ordine ${N})`,
    // Past midnight in Italy (summer time): the day is the 1st of April.
    says: [`c'è una data disponibile, mercoledì 1 aprile 2026, dalle 0:30 alle 3:00.`, 'Prenotala dalla pagina del tuo ordine', `Scegli la data: ${tracking}`],
    sms: `Fibra Viva: una data per l'installazione dell'ordine ${N}, mer 01/04 alle 0:30. Prenotala: ${tracking}`,
  },
  {
    name: 'appuntamento', input: { template: 'appointment_booked', orderNumber: N, startsAt: new Date('2026-03-10T07:00:00Z'), endsAt: new Date('2026-03-10T09:00:00Z'), trackingUrl: tracking },
    subject: 'Fibra Viva: appuntamento con il tecnico martedì 10 marzo 2026 alle 08:00',
    says: ['Giorno: martedì 10 marzo 2026', 'Fascia oraria: dalle 08:00 alle 10:00', `Vai al tuo ordine: ${tracking}`],
    sms: `Fibra Viva: appuntamento con il tecnico per l'ordine ${N} mar 10/03 dalle 08:00 alle 10:00. Dettagli: ${tracking}`,
  },
  {
    name: 'recesso ricevuto',
    input: {
      template: 'withdrawal_confirmed', orderNumber: N, receivedAt: new Date('2026-03-10T07:05:09Z'), channel: 'online',
      nextSteps: ['Ti rimborseremo entro il 24/03/2026.', 'Restituisci il modem.'], attachments: [`ricevuta-di-recesso-${N}.pdf`], trackingUrl: tracking,
    },
    subject: `Fibra Viva: abbiamo ricevuto il tuo recesso (ordine ${N})`,
    says: [
      `abbiamo ricevuto il recesso dal contratto dell'ordine ${N}: il contratto è sciolto`, `Ordine: ${N}`, 'Ricevuto il: 10/03/2026 08:05:09 (UTC+01:00)',
      'Modalità: online, con il numero d\'ordine e un codice di conferma', `In allegato trovi la ricevuta di recesso da conservare (ricevuta-di-recesso-${N}.pdf).`,
      '- Ti rimborseremo entro il 24/03/2026.', '- Restituisci il modem.', `Vai al tuo ordine: ${tracking}`,
    ],
    sms: `Fibra Viva: recesso dall'ordine ${N} ricevuto il 10/03/2026 alle 08:05. Ricevuta inviata per email. ${tracking}`,
  },
];

/** A sentence of the text part as the HTML shows it: a link's address alone, a list item or a fact's value without its mark. */
const htmlForm = (sentence: string): string => {
  const link = /^[^:]+: (https?:\/\/\S+)$/.exec(sentence);
  if (link) return link[1]!;
  if (sentence.startsWith('- ')) return sentence.slice(2);
  const fact = /^(Giorno|Fascia oraria|Ordine|Ricevuto il|Modalità): (.+)$/.exec(sentence);
  return fact ? fact[2]! : sentence;
};

describe('customer messages', () => {
  it.each(CASES)('$name: subject, text, HTML and SMS', ({ input, subject, says, never, sms }) => {
    const email = renderCustomerEmail(input, brand);
    expect(email.subject).toBe(subject);
    expect(email.text.startsWith(`${email.text.split('\n')[0]}\n\nGentile cliente,`)).toBe(true);
    for (const sentence of says) {
      expect(email.text).toContain(sentence);
      // The HTML part says the same (escaped).
      expect(email.html).toContain(escapeHtml(htmlForm(sentence)));
    }
    for (const word of never ?? []) expect(email.text.toLowerCase()).not.toContain(word);
    expect(email.text).toContain('https://www.fibraviva.it/legale/privacy');
    expect(email.html).toContain('background:#0b5ed7');
    expect(email.html).toMatch(/^<!DOCTYPE html><html lang="it">/);

    const text = renderCustomerSms(input, brand.name);
    expect(text).toBe(sms);
    expect(gsmSeptets(text), 'GSM alphabet only').not.toBeNull();
    expect(gsmSeptets(text)!).toBeLessThanOrEqual(SMS_SEPTETS);
  });

  it('links the action as a button whose address is the link itself', () => {
    const { html } = renderCustomerEmail(CASES[5]!.input, brand);
    expect(html).toContain(`<a href="${tracking}"`);
    expect(html).toContain('>Vai al tuo ordine</a>');
  });

  it('escapes what it did not write: a reason, a note, a brand and a link', () => {
    const evil = '<img src=x onerror="alert(1)">&';
    const email = renderCustomerEmail(
      { template: 'document_rejected', orderNumber: N, reason: evil, note: `"><script>x</script>`, trackingUrl: `${SITE}/ordine/a"onmouseover="x` },
      { ...brand, name: 'Fibra <b>Viva</b>', colour: 'red;background:url(x)' },
    );
    expect(email.html).not.toMatch(/<img|<script|<b>Viva|onerror="|"onmouseover|url\(x\)/);
    expect(email.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;');
    expect(email.html).toContain('Fibra &lt;b&gt;Viva&lt;/b&gt;');
    // A colour that is not #rrggbb falls back to the default.
    expect(email.html).toContain('background:#0b5ed7');
    // The text part is text: it says the reason as written.
    expect(email.text).toContain(evil);
  });

  it('prints a path that is not a web address as text, never as a link', () => {
    const { html, text } = renderCustomerEmail({ template: 'status_changed', orderNumber: N, status: 'active', message: null, trackingUrl: `/ordine/${N}` }, brand);
    expect(html).not.toContain('href="/ordine');
    expect(text).toContain(`Vai al tuo ordine: /ordine/${N}`);
  });

  it.each([
    ['unreadable', null, 'Il documento non è leggibile'],
    ['other', 'foto del retro mancante', 'Altro motivo (foto del retro mancante)'],
    ['Il codice fiscale non coincide', null, 'Il codice fiscale non coincide'],
    [null, 'solo la nota', 'solo la nota'],
    [null, null, 'il documento non è valido'],
  ])('rejection %s + %s → %s', (reason, note, wording) => {
    expect(rejectionWording(reason, note)).toBe(wording);
  });

  it('leaves out a message that would make a second SMS, never the link; keeps one that fits', () => {
    const long = 'la richiesta è stata ritirata dal cliente dopo un colloquio telefonico con il servizio clienti';
    const text = renderCustomerSms({ template: 'status_changed', orderNumber: N, status: 'cancelled', message: long, trackingUrl: tracking }, brand.name);
    expect(text).toBe(`Fibra Viva: l'ordine ${N} è stato annullato. Dettagli: ${tracking}`);
    const shortLink = `https://fv.it/ordine/${N}`;
    // Typographic characters become GSM ones (an apostrophe would make the SMS UCS-2: 70 characters each).
    const fits = renderCustomerSms({ template: 'document_rejected', orderNumber: N, reason: 'expired', note: 'scaduto nel 2024', trackingUrl: shortLink }, 'Fibra’Viva');
    expect(fits).toBe(`Fibra'Viva: il documento dell'ordine ${N} va caricato di nuovo (Il documento è scaduto). ${shortLink}`);
    expect(gsmSeptets(fits)!).toBeLessThanOrEqual(SMS_SEPTETS);
  });
});
