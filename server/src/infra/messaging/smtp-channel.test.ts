import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../../test/support/smtp-sink';
import type { SmtpSink } from '../../../test/support/smtp-sink';
import { MessageDeliveryError } from './message-channel';
import { createSmtpChannel } from './smtp-channel';

/** A port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

const failureOf = async (p: Promise<unknown>): Promise<MessageDeliveryError> => {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(MessageDeliveryError);
  return err as MessageDeliveryError;
};

describe('SMTP channel against a real SMTP server', () => {
  let sink: SmtpSink;
  let channel: ReturnType<typeof createSmtpChannel>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    channel = createSmtpChannel({ url: sink.url, from: 'Fibra Viva <no-reply@example.com>', timeoutMs: 2000 });
  });
  afterAll(async () => { channel.close(); await sink.close(); });

  it('sends the text part, the HTML part and the attachments', async () => {
    await channel.send({
      to: 'mario.rossi@example.it', subject: 'Oggetto è', text: 'testo semplice', html: '<p>testo <b>HTML</b></p>',
      attachments: [{ filename: 'a.pdf', content: Buffer.from('%PDF-1.7 x'), contentType: 'application/pdf' }],
    });
    const mail = sink.received.at(-1)!;
    expect(mail.subject).toBe('Oggetto è');
    expect(mail.from?.value).toEqual([{ name: 'Fibra Viva', address: 'no-reply@example.com' }]);
    expect(mail.text?.trim()).toBe('testo semplice');
    expect(mail.html).toContain('<b>HTML</b>');
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.toString('latin1')])).toEqual([['a.pdf', 'application/pdf', '%PDF-1.7 x']]);
  });

  it('keeps the OTP callers\' plain message: text only, no HTML part, no attachment', async () => {
    await channel.send({ to: 'mario.rossi@example.it', subject: 'Codice', text: 'il tuo codice è 123456' });
    const mail = sink.received.at(-1)!;
    expect([mail.text?.trim(), mail.html, mail.attachments.length]).toEqual(['il tuo codice è 123456', false, 0]);
  });

  it.each([
    [550, true],
    [553, true],
    [450, false],
    [421, false],
  ])('a recipient refused with %i is permanent: %s, and the error does not repeat the address', async (code, permanent) => {
    sink.refuse.set('rifiutato@example.it', code);
    const err = await failureOf(channel.send({ to: 'rifiutato@example.it', subject: 'x', text: 'x' }));
    expect([err.permanent, err.statusCode]).toEqual([permanent, code]);
    expect(err.message).not.toContain('rifiutato');
    sink.refuse.delete('rifiutato@example.it');
  });

  it('a server that is down is a temporary failure', async () => {
    const down = createSmtpChannel({ url: `smtp://127.0.0.1:${await closedPort()}`, from: 'x@example.com', timeoutMs: 1000 });
    try {
      const err = await failureOf(down.send({ to: 'a@b.it', text: 'x' }));
      expect(err.permanent).toBe(false);
      expect(err.message).toMatch(/SMTP: invio non riuscito \(E[A-Z]+/);
    } finally {
      down.close();
    }
  });

  it('does not start a conversation once the server is stopping', async () => {
    const before = sink.received.length;
    const err = await failureOf(channel.send({ to: 'a@b.it', text: 'x' }, { signal: AbortSignal.abort() }));
    expect(err.permanent).toBe(false);
    expect(sink.received.length).toBe(before);
  });
});
