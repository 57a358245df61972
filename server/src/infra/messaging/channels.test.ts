import { once } from 'node:events';
import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/dialects';
import { messagingProblems } from '../../config';
import { assertMessagingConfigured, createMessageChannels } from './channels';
import type { MessagingConfig } from './channels';
import { createDevOutboxChannel, listOutbox } from './dev-outbox';
import { MessageDeliveryError } from './message-channel';
import { createSmsHttpChannel } from './sms-http-channel';
import { createSmtpChannel } from './smtp-channel';

const base: MessagingConfig = { nodeEnv: 'development', smtpUrl: undefined, smtpFrom: 'Fibra Viva <no-reply@example.com>', smsApiUrl: undefined, smsApiToken: undefined, brandName: 'Fibra Viva' };

describe('channel selection', () => {
  it.each([
    [{ nodeEnv: 'production' as const }, true],
    [{ nodeEnv: 'production' as const, smtpUrl: 'smtp://mail:25' }, false],
    [{ nodeEnv: 'production' as const, smsApiUrl: 'https://sms.example/send', smsApiToken: 't' }, false],
    [{ nodeEnv: 'development' as const }, false],
    [{ nodeEnv: 'test' as const }, false],
  ])('%o refuses to start: %s', (overrides, refused) => {
    const config = { ...base, ...overrides };
    expect(messagingProblems(config).length > 0).toBe(refused);
    if (refused) expect(() => assertMessagingConfigured(config)).toThrow(/Configurazione non valida[\s\S]*SMTP_URL/);
  });

  it('falls back to the outbox outside production, never in production', () => {
    const db = {} as never;
    const dev = createMessageChannels(base, db);
    expect([dev.sms?.isOutbox, dev.email?.isOutbox]).toEqual([true, true]);
    const prod = createMessageChannels({ ...base, nodeEnv: 'production', smsApiUrl: 'https://sms.example/send', smsApiToken: 't' }, db);
    expect(prod.sms?.isOutbox).toBe(false);
    expect(prod.email).toBeNull();
  });
});

describeEachDialect('development outbox', (dialect) => {
  it('keeps messages, newest first, filtered by destination, and logs without the text', async () => {
    const { db } = await dialect.createDb();
    const logged: Array<Record<string, unknown>> = [];
    let t = Date.parse('2026-03-01T10:00:00Z');
    const sms = createDevOutboxChannel(db, 'sms', { info: (obj) => logged.push(obj) }, () => new Date((t += 1000)));
    const email = createDevOutboxChannel(db, 'email', undefined, () => new Date((t += 1000)));
    await sms.send({ to: '+393331234567', text: 'codice 111111' });
    await email.send({ to: 'a@b.it', subject: 'Oggetto', text: 'codice 222222' });
    await sms.send({ to: '+393331234567', text: 'codice 333333' });
    const all = await listOutbox(db);
    expect(all.map((m) => m.text)).toEqual(['codice 333333', 'Oggetto\n\ncodice 222222', 'codice 111111']);
    expect(all[0]).toEqual({ channel: 'sms', destination: '+393331234567', text: 'codice 333333', created_at: '2026-03-01T10:00:03.000Z' });
    expect((await listOutbox(db, { to: 'a@b.it' })).map((m) => m.channel)).toEqual(['email']);
    expect(JSON.stringify(logged)).not.toMatch(/111111|3331234567/);
    expect(logged).toHaveLength(2);
  });

  it('shows an email\'s subject, text part and the names of its attachments (not their bytes, not the HTML)', async () => {
    const { db } = await dialect.createDb();
    const email = createDevOutboxChannel(db, 'email');
    await email.send({
      to: 'a@b.it', subject: 'Contratto', text: 'in allegato', html: '<p>in allegato</p>',
      attachments: [{ filename: 'contratto.pdf', content: Buffer.from('%PDF-'), contentType: 'application/pdf' }, { filename: 'a.ics', content: Buffer.from('BEGIN'), contentType: 'text/calendar' }],
    });
    expect((await listOutbox(db))[0]?.text).toBe('Contratto\n\nin allegato\n\nAllegati: contratto.pdf, a.ics');
  });
});

describe('SMS provider channel', () => {
  const received: Array<{ auth: string | undefined; body: unknown }> = [];
  let status = 200;
  let delayMs = 0;
  const server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => { raw += c.toString(); });
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(raw) as unknown });
      setTimeout(() => { res.statusCode = status; res.end('{}'); }, delayMs);
    });
  });
  let url = '';
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(async () => { server.closeAllConnections(); server.close(); });

  it('posts { to, text } with the bearer token', async () => {
    status = 200;
    await createSmsHttpChannel({ url, token: 'tok-123' }).send({ to: '+393331234567', text: 'codice 123456' });
    expect(received.at(-1)).toEqual({ auth: 'Bearer tok-123', body: { to: '+393331234567', text: 'codice 123456' } });
  });

  it.each([[400, true], [422, true], [401, false], [404, false], [429, false], [503, false]])('an answer %i refuses the message for good: %s', async (code, permanent) => {
    status = code;
    const err = await createSmsHttpChannel({ url, token: 't' }).send({ to: '+39333', text: 'x' }).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(MessageDeliveryError);
    expect([(err as MessageDeliveryError).permanent, (err as MessageDeliveryError).statusCode]).toEqual([permanent, code]);
    status = 200;
  });

  it('fails on a non-2xx answer and on a timeout', async () => {
    status = 500;
    await expect(createSmsHttpChannel({ url, token: 't' }).send({ to: '+39333', text: 'x' })).rejects.toThrow(MessageDeliveryError);
    status = 200;
    delayMs = 300;
    await expect(createSmsHttpChannel({ url, token: 't', timeoutMs: 50 }).send({ to: '+39333', text: 'x' })).rejects.toThrow(/entro 50 ms/);
    delayMs = 0;
  });
});

describe('SMTP channel', () => {
  it('delivers through a real SMTP conversation', async () => {
    // A minimal SMTP server: enough of RFC 5321 for nodemailer to hand over one message.
    const transcript: string[] = [];
    const server = createTcpServer((socket) => {
      let inData = false;
      let buffer = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        let i: number;
        while ((i = buffer.indexOf('\r\n')) >= 0) {
          const line = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          transcript.push(line);
          if (inData) {
            if (line === '.') { inData = false; socket.write('250 queued\r\n'); }
            continue;
          }
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO') socket.write('250-test\r\n250 8BITMIME\r\n');
          else if (verb === 'DATA') { inData = true; socket.write('354 go\r\n'); }
          else if (verb === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as AddressInfo).port;
    const channel = createSmtpChannel({ url: `smtp://127.0.0.1:${port}`, from: 'Fibra Viva <no-reply@example.com>', timeoutMs: 2000 });
    try {
      await channel.send({ to: 'mario.rossi@example.it', subject: 'Codice', text: 'il tuo codice è 123456' });
      expect(transcript).toContain('RCPT TO:<mario.rossi@example.it>');
      expect(transcript.join('\n')).toMatch(/Subject: Codice/);
    } finally {
      channel.close();
      server.close();
    }
    await expect(createSmtpChannel({ url: `smtp://127.0.0.1:${port}`, from: 'x@example.com', timeoutMs: 500 }).send({ to: 'a@b.it', text: 'x' }))
      .rejects.toThrow(MessageDeliveryError);
  });
});
