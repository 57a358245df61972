import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MessageChannels } from '../../infra/messaging/channels';
import type { MessageChannel, OutgoingMessage } from '../../infra/messaging/message-channel';
import { MessageDeliveryError } from '../../infra/messaging/message-channel';
import { pdfText } from '../../infra/pdf/pdf-text';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { injectCall } from '../../../test/support/inject-client';
import type { InjectClient } from '../../../test/support/inject-client';
import { PRIVATO_STEPS } from '../../../test/support/privato-steps';
import { recordIdentityOnFile } from '../../../test/support/signing-harness';
import { catalogModule } from '../catalog';
import { createOrdersModule } from '../orders';
import { OTP_TTL_MS } from './otp-code';
import { createDocumentsModule } from '../documents';
import { createSignatureModule } from './routes';
import { DEFAULT_SEND_LIMITS } from './service';
import { TEST_ADDRESS_ID } from '../../../test/support/test-coverage';
import { customerFilePath } from '../../../test/support/customer-files';

/*
 * Changing the order's mobile number (the number the signing code goes to): a code goes to the new
 * number and a notice to the old one, and the order keeps the old number until the new one confirms.
 * The channel here delivers like a real provider (the development outbox is not counted per destination).
 */

const START = Date.parse('2026-03-01T10:00:00Z');
/** What reaches a number nobody's browser has proved (every call here is a new client). */
const PER_HOUR = DEFAULT_SEND_LIMITS.anonymousPerHour;
const ACCEPTED = { contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true };

describeEachDialect('mobile number change', (dialect) => {
  let t: TestApp;
  let nowMs = START;
  const advance = (ms: number): void => { nowMs += ms; };
  const delivered: OutgoingMessage[] = [];
  /** Messages to this number fail at the provider. */
  let failingTo: string | null = null;
  const deliver = (kind: 'sms' | 'email'): MessageChannel => ({
    kind, isOutbox: false,
    send: async (m) => {
      if (m.to === failingTo) throw new MessageDeliveryError('provider refused');
      delivered.push(m);
    },
  });
  const channels: MessageChannels = { sms: deliver('sms'), email: deliver('email'), close: () => undefined };
  let ipCounter = 0;
  const freshIp = (): string => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      coverage: true,
      modules: [
        catalogModule,
        createOrdersModule({ now: () => new Date(START) }),
        createDocumentsModule({ now: () => new Date(START) }),
        createSignatureModule({ now: () => new Date(nowMs), channels: () => channels, sendOtpPerMinute: 100_000, limits: { perIpPerHour: 100_000 } }),
      ],
    });
  });
  afterAll(async () => t.close());

  /** One typed call, settled, each from an address of its own. */
  const call = async <T>(make: (client: InjectClient) => Promise<T>) => {
    const settled = await injectCall(t.app, make, { remoteAddress: freshIp() });
    return { ...settled, retryAfter: settled.headers['retry-after'] };
  };
  /** A private order through the five steps (ready to sign) whose number is `mobile`. */
  const readyOrder = async (mobile: string): Promise<string> => {
    const created = await call((c) => c.newOrder({ id_egon_civico: TEST_ADDRESS_ID, offer_id: 101, technology: 'FTTH' }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const hash = created.body.data!.hash as string;
    for (const [name, payload] of Object.entries(PRIVATO_STEPS)) {
      const body = name === 'step-contact' ? { ...payload, mobile_phone_number: mobile } : payload;
      expect((await call((c) => c.submitStep({ order_hash: hash, step_name: name }, body))).status).toBe(200);
    }
    await recordIdentityOnFile(t.db, hash);
    return hash;
  };
  const change = (hash: string, number: string) => call((c) => c.changeMobilePhoneNumber({ order_hash: hash }, { mobile_phone_number: number }));
  const confirm = (hash: string, otp: string) => call((c) => c.confirmMobilePhoneNumber({ order_hash: hash }, { otp }));
  const sendOtp = (hash: string) => call((c) => c.sendOtp({ order_hash: hash }, { mode: 'sms', ...ACCEPTED }));
  const sign = (hash: string, otp: string) => call((c) => c.signWithOtp({ order_hash: hash }, { otp }));
  const to = (number: string): OutgoingMessage[] => delivered.filter((m) => m.to === number);
  const codeIn = (m: OutgoingMessage | undefined): string => {
    const code = /è (\d{6})/.exec(m?.text ?? '')?.[1];
    expect(code, m?.text).toBeDefined();
    return code!;
  };
  const wrong = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const previewText = async (hash: string): Promise<string> => {
    const res = await call((c) => c.contractPreview({ order_hash: hash }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return pdfText(Buffer.from((res.body.data as { pdf_base64: string }).pdf_base64, 'base64'));
  };
  /** The number signing codes go to now, as send-otp answers it (masked); the code is voided again after. */
  const signingDestination = async (hash: string): Promise<string> => {
    await previewText(hash);
    advance(31_000);
    const sent = await sendOtp(hash);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await call((c) => c.reopenOrder({ order_hash: hash }))).status).toBe(200);
    return sent.body.data!.destination as string;
  };
  const changesOf = async (hash: string) => {
    const order = await t.db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow();
    return t.db.selectFrom('mobile_number_changes').selectAll().where('order_id', '=', order.id).execute();
  };

  it('applies the new number only with the code sent to it; the old number is told, without a code', async () => {
    const hash = await readyOrder('+39 333 111 0001');
    const res = await change(hash, '3471110099');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      pending: true, destination: '+39 3** *** **99', expires_at: new Date(nowMs + OTP_TTL_MS).toISOString(), resend_after_seconds: 30,
    });
    const code = codeIn(to('+393471110099').at(-1));
    const [notice, ...more] = to('+393331110001');
    expect(more).toEqual([]);
    expect(notice!.text).toContain('sostituire questo numero con +39 3** *** **99');
    expect(notice!.text).toMatch(/vale solo se confermato dal nuovo numero/);
    expect(notice!.text).not.toMatch(/\d{6}/);

    // Until confirmed, the order keeps its number: the contract prints it and signing codes go to it.
    const before = await previewText(hash);
    expect(before).toContain('3331110001');
    expect(before).not.toContain('3471110099');
    expect(await signingDestination(hash)).toBe('+39 3** *** **01');

    const confirmed = await confirm(hash, code);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toMatchObject({ changed: true, destination: '+39 3** *** **99' });
    const after = await previewText(hash);
    expect(after).toContain('3471110099');
    expect(await signingDestination(hash)).toBe('+39 3** *** **99');
    // One use.
    expect((await confirm(hash, code)).body.error!.code).toBe('otp_required');

    // Signed, the evidence log shows the change with both numbers masked.
    await previewText(hash);
    advance(31_000);
    expect((await sendOtp(hash)).status).toBe(200);
    expect((await sign(hash, codeIn(to('+393471110099').at(-1)))).status).toBe(200);
    const zip = await t.app.inject({ method: 'GET', url: customerFilePath(t.config, hash, 'evidence_bundle', new Date(nowMs)) });
    expect(zip.statusCode).toBe(200);
    const logText = strFromU8(unzipSync(new Uint8Array(zip.rawPayload))['registro-eventi.json']!);
    const events = (JSON.parse(logText) as { events: Array<Record<string, unknown>> }).events;
    const changeEvents = events.filter((e) => String(e.event).startsWith('cambio_cellulare'));
    expect(changeEvents).toEqual([
      expect.objectContaining({ event: 'cambio_cellulare_codice_inviato', masked_destination: '+39 3** *** **99', previous_masked_destination: '+39 3** *** **01' }),
      expect.objectContaining({ event: 'cambio_cellulare_confermato', masked_destination: '+39 3** *** **99', previous_masked_destination: '+39 3** *** **01' }),
    ]);
    expect(events.findIndex((e) => e.event === 'cambio_cellulare_confermato')).toBeLessThan(events.findIndex((e) => e.event === 'firma'));
    for (const number of ['3471110099', '3331110001']) expect(logText).not.toContain(number);
  });

  it('a wrong code changes nothing, counts, and five lock the change', async () => {
    const hash = await readyOrder('+39 333 111 0002');
    expect((await change(hash, '3471110002')).status).toBe(200);
    const code = codeIn(to('+393471110002').at(-1));
    for (const left of [4, 3, 2, 1]) {
      const res = await confirm(hash, wrong(code));
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'otp_wrong', attempts_left: left, fields: { otp: expect.any(String) } });
    }
    expect((await confirm(hash, wrong(code))).body.error!.code).toBe('otp_locked');
    const locked = await confirm(hash, code);
    expect(locked.status).toBe(422);
    expect(locked.body.error!.code).toBe('otp_locked');
    expect(await signingDestination(hash)).toBe('+39 3** *** **02');
    expect((await changesOf(hash)).map((c) => [c.attempts, c.confirmed_at])).toEqual([[5, null]]);
  });

  it('an expired change does not apply', async () => {
    const hash = await readyOrder('+39 333 111 0003');
    expect((await change(hash, '3471110003')).status).toBe(200);
    const code = codeIn(to('+393471110003').at(-1));
    advance(OTP_TTL_MS + 1_000);
    const res = await confirm(hash, code);
    expect(res.status).toBe(422);
    expect(res.body.error!.code).toBe('otp_expired');
    expect(await signingDestination(hash)).toBe('+39 3** *** **03');
  });

  it('asking again for the same number is a resend: a new code, no second notice; the earlier code no longer confirms', async () => {
    const hash = await readyOrder('+39 333 111 0004');
    expect((await change(hash, '3471110004')).status).toBe(200);
    const first = codeIn(to('+393471110004').at(-1));
    expect((await change(hash, '3471110004')).body.error!.code).toBe('otp_cooldown');
    advance(31_000);
    expect((await change(hash, '3471110004')).status).toBe(200);
    const second = codeIn(to('+393471110004').at(-1));
    expect(to('+393331110004')).toHaveLength(1);
    if (first !== second) expect((await confirm(hash, first)).body.error!.code).toBe('otp_wrong');
    expect((await confirm(hash, second)).status).toBe(200);
    expect(await signingDestination(hash)).toBe('+39 3** *** **04');
  });

  it('a change pending when the order is signed is never applied', async () => {
    const hash = await readyOrder('+39 333 111 0005');
    expect((await change(hash, '3471110005')).status).toBe(200);
    const code = codeIn(to('+393471110005').at(-1));
    await previewText(hash);
    advance(31_000);
    expect((await sendOtp(hash)).status).toBe(200);
    // While the signing code is pending the number is frozen with the rest of the contract.
    expect((await confirm(hash, code)).body.error!.code).toBe('contract_frozen');
    expect((await sign(hash, codeIn(to('+393331110005').at(-1)))).status).toBe(200);
    const res = await confirm(hash, code);
    expect(res.status).toBe(409);
    expect(res.body.error!.code).toBe('already_signed');
    expect((await change(hash, '3471110005')).body.error!.code).toBe('already_signed');
  });

  it('refuses the number the order already has', async () => {
    const hash = await readyOrder('+39 333 111 0006');
    const res = await change(hash, '+393331110006');
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'mobile_number_unchanged', fields: { mobile_phone_number: expect.any(String) } });
    expect(delivered.filter((m) => m.to.endsWith('3331110006'))).toEqual([]);
  });

  it('a notice that cannot be delivered stops the change (503): the code already sent no longer confirms', async () => {
    const hash = await readyOrder('+39 333 111 0007');
    failingTo = '+393331110007';
    try {
      const res = await change(hash, '3471110007');
      expect(res.status).toBe(503);
      expect(res.body.error!.code).toBe('mobile_change_notice_failed');
    } finally {
      failingTo = null;
    }
    const res = await confirm(hash, codeIn(to('+393471110007').at(-1)));
    expect(res.body.error!.code).toBe('otp_expired');
    expect(await signingDestination(hash)).toBe('+39 3** *** **07');
  });

  it(`sends at most ${PER_HOUR} codes an hour to the new number, across orders; nothing of a refused request is kept or sent`, async () => {
    const newNumber = '+393470000777';
    const hashes: string[] = [];
    for (let i = 0; i <= PER_HOUR; i++) hashes.push(await readyOrder(`+39 333 222 00${String(i).padStart(2, '0')}`));
    for (const hash of hashes.slice(0, PER_HOUR)) expect((await change(hash, newNumber)).status).toBe(200);
    const last = hashes[PER_HOUR]!;
    const refused = await change(last, newNumber);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'otp_destination_limit', message: expect.stringMatching(/a questo recapito/) });
    expect(refused.retryAfter).toBe(String(refused.body.error!.retry_after_seconds));
    expect(to(newNumber)).toHaveLength(PER_HOUR);
    expect(to(`+3933322200${String(PER_HOUR).padStart(2, '0')}`)).toEqual([]);
    expect(await changesOf(last)).toEqual([]);
  });

  it(`counts the notices towards the old number's limit: ${PER_HOUR} orders with one number cannot flood it`, async () => {
    const oldNumber = '+39 333 000 0888';
    const hashes: string[] = [];
    for (let i = 0; i <= PER_HOUR; i++) hashes.push(await readyOrder(oldNumber));
    for (const [i, hash] of hashes.slice(0, PER_HOUR).entries()) expect((await change(hash, `34700011${String(i).padStart(2, '0')}`)).status).toBe(200);
    const last = hashes[PER_HOUR]!;
    const refused = await change(last, '3470001199');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'otp_destination_limit', message: expect.stringMatching(/al numero attuale dell’ordine/) });
    expect(to('+393330000888')).toHaveLength(PER_HOUR);
    expect(to('+393470001199')).toEqual([]);
    expect(await changesOf(last)).toEqual([]);
  });
});
