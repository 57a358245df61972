import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/*
 * A real SMTP server in the test process (smtp-server, the same project as nodemailer) on a random port:
 * every message it accepts is parsed with mailparser, as a mail client would read it. `refuse` answers
 * RCPT TO for chosen recipients with a reply code (550: no such mailbox, 450: try later).
 */

export interface SmtpSink {
  url: string;
  port: number;
  /** Parsed messages, in the order they arrived. */
  received: ParsedMail[];
  /** Recipient (lower case) → SMTP reply code refusing it. */
  refuse: Map<string, number>;
  close: () => Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const refuse = new Map<string, number>();
  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS to negotiate, no login asked for.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refuse.get(address.address.toLowerCase());
      if (code === undefined) { callback(); return; }
      callback(Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Mailbox busy, try later'), { responseCode: code }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => { received.push(mail); callback(); }, (err: Error) => callback(err));
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    refuse,
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); }),
  };
}
