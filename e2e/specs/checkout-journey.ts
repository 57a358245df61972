import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { pdfWith, TINY_PNG } from '../../server/test/hostile/hostile-files';
import { pdfText } from '../../server/src/infra/pdf/pdf-text';
import { expect } from './fixtures';

/*
 * The steps of the order journey (SPEC §2), as a visitor does them, shared by the checkout specs.
 * Buttons are looked up inside the step form: at 375 px the summary is a fixed bottom panel with a
 * 'Continua' of its own.
 */

export const stepForm = (page: Page): Locator => page.locator('form#step-form');

/** A textbox by its visible label (required labels carry a hidden ' *', which is not in the name). */
export const textbox = (scope: Page | Locator, name: string): Locator => scope.getByRole('textbox', { name, exact: true });

export async function submitStep(page: Page, label = 'Continua'): Promise<void> {
  await stepForm(page).getByRole('button', { name: label, exact: true }).click();
}

export async function expectStep(page: Page, step: number, heading: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/attiva/step-${step}$`));
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/**
 * Nothing on the page is wider than the window (at 375 px a long email or code must wrap, not make
 * the whole page scroll sideways). Soft, so a journey still runs to its end and reports every screen.
 */
export async function expectFitsWidth(page: Page, screen: string): Promise<void> {
  const { scroll, client, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The innermost elements that stick out name the cause in the failure message.
    // (Text that overflows its box does not widen the box: its scrollWidth does.)
    const out = Array.from(document.body.querySelectorAll('*'))
      .filter((el): el is HTMLElement => el instanceof HTMLElement && getComputedStyle(el).position !== 'fixed')
      .filter((el) => el.getBoundingClientRect().right > width + 1
        || (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible' && el.getBoundingClientRect().left + el.scrollWidth > width + 1))
      .filter((el, _, all) => !all.some((other) => other !== el && el.contains(other)))
      .slice(0, 3)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}"> ${(el.textContent ?? '').trim().slice(0, 50)}`);
    return { scroll: document.documentElement.scrollWidth, client: width, culprits: out };
  });
  expect.soft(scroll, `${screen}: page width ${scroll} px in a ${client} px window; ${culprits.join(' | ')}`).toBeLessThanOrEqual(client);
}

/** An address no other run uses: the outbox is read by destination. */
export const uniqueEmail = (who: string): string =>
  `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;

/** dd/mm/yyyy of today moved by whole years (document dates must be past / future). */
export const italianDateYearsFromNow = (years: number): string => {
  const d = new Date();
  d.setFullYear(d.getFullYear() + years);
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
};

/** A valid 1×1 PNG (the server's upload tests use the same). */
export const tinyPng = (): Buffer => TINY_PNG;

/** A valid one-page PDF with a line of text (the server's upload tests build the same). */
export const tinyPdf = (line: string): Buffer => pdfWith('', [], line);

// ——— Coverage and offer ———

/**
 * Until React runs the prerendered page: it is hydrated in slices after its load event, and the outermost
 * element gets React's fiber last, when the render is complete.
 */
export async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const outermost = document.getElementById('root')?.firstElementChild;
    return !!outermost && Object.keys(outermost).some((k) => k.startsWith('__reactFiber$'));
  });
}

export async function checkCoverage(page: Page, customer: 'Privato' | 'Business', { promo }: { promo?: string } = {}): Promise<void> {
  // A promo link opens the same page with the code in its path.
  await page.goto(`/attiva/verifica-copertura${promo ? `/${promo}` : ''}`);
  // A journey that comes back here with an address already checked: what is typed before hydration is
  // replaced by the stored address (a race of the page's own, docs/decisions.md "The test suite's own
  // cost"). Typing before hydration on a fresh visit is the coverage spec's own test.
  await untilHydrated(page);
  await page.getByRole('radio', { name: customer }).check();
  const comune = page.getByRole('combobox', { name: 'Comune' });
  await comune.fill('roma');
  await page.getByRole('option', { name: 'Roma (RM), Lazio', exact: true }).click();
  const address = page.getByRole('combobox', { name: 'Indirizzo e numero civico' });
  await expect(address).toBeEnabled();
  await address.fill('via roma 1');
  await page.getByRole('option', { name: 'Via Roma 1, 00185 Roma (RM)' }).click();
  await expect(page.getByTestId('coverage-summary').getByTestId('coverage-technology')).toHaveText(/FTTH/);
  await page.getByTestId('discover-offer').click();
  await expect(page).toHaveURL(/\/attiva\/offerta/);
}

/** Offer page → step 1 through the offer's own 'Continua'. */
export async function continueFromOffer(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continua' }).first().click();
  await expectStep(page, 1, 'Dati di contatto');
}

// ——— Steps ———

export interface Contact { firstName: string; lastName: string; email: string; mobile: string }

export async function fillContact(page: Page, c: Contact): Promise<void> {
  const form = stepForm(page);
  await textbox(form, 'Nome').fill(c.firstName);
  await textbox(form, 'Cognome').fill(c.lastName);
  await textbox(form, 'Email').fill(c.email);
  await textbox(form, 'Cellulare').fill(c.mobile);
  // Nothing pre-answered: the visitor says whether they are already a customer.
  const alreadyCustomer = form.getByRole('radiogroup', { name: /Sei già cliente/ });
  await expect(alreadyCustomer.getByRole('radio', { name: 'No' })).not.toBeChecked();
  await alreadyCustomer.getByRole('radio', { name: 'No' }).check();
  // Marketing consents are separate and never pre-ticked (SPEC §2).
  await expect(form.getByRole('checkbox', { name: /comunicazioni commerciali/ })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: /analisi delle mie preferenze/ })).not.toBeChecked();
  await form.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
}

/** Step 2 (privato) from a typed codice fiscale: sex, birth date and place fill themselves. */
export async function fillPrivatePersonal(page: Page, cf: string): Promise<void> {
  const form = stepForm(page);
  await textbox(form, 'Codice fiscale').fill(cf);
  await textbox(form, 'Codice fiscale').blur();
  await expect(page.locator('#cf-status')).toHaveText(/Abbiamo compilato/);
  await expect(form.getByRole('radiogroup', { name: 'Sesso' }).getByRole('radio', { name: 'Maschio' })).toBeChecked();
  await expect(textbox(form, 'Data di nascita')).toHaveValue('01/01/1980');
  await expect(form.getByRole('combobox', { name: 'Luogo di nascita (comune o stato estero)' })).toHaveValue('Roma (RM)');
  await expect(form.getByRole('combobox', { name: 'Cittadinanza' })).toHaveValue('Italia');
  await form.getByRole('button', { name: 'Usa l’indirizzo di attivazione' }).click();
  await expect(textbox(form, 'Indirizzo di residenza')).toHaveValue(/Via Roma/);
  await expect(textbox(form, 'Numero civico')).toHaveValue('1');
  await expect(form.getByRole('combobox', { name: 'Comune di residenza' })).toHaveValue('Roma');
  await expect(textbox(form, 'CAP')).toHaveValue('00185');
  await expect(textbox(form, 'Provincia')).toHaveValue('RM');
}

/** The shortest private journey to step 4: Roma, the 1 Giga offer, Mario Rossi, the default addresses. */
export async function reachPaymentStep(page: Page, mobile = '3331234567'): Promise<void> {
  await checkCoverage(page, 'Privato');
  await page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true }).check();
  await continueFromOffer(page);
  await marioToPaymentStep(page, { email: uniqueEmail('mario.rossi'), mobile });
}

/** Mario Rossi from step 1 to step 4: contact, his codice fiscale, the default addresses. */
async function marioToPaymentStep(page: Page, { email, mobile }: { email: string; mobile: string }): Promise<void> {
  await fillContact(page, { firstName: 'Mario', lastName: 'Rossi', email, mobile });
  await submitStep(page);
  await expectStep(page, 2, 'Dati personali');
  await fillPrivatePersonal(page, 'RSSMRA80A01H501U');
  await submitStep(page);
  await expectStep(page, 3, 'Indirizzi');
  await submitStep(page);
  await expectStep(page, 4, 'Pagamento');
}

/** Step 2 for a business: the company's data, with PEC, SDI 0000000, REA, ATECO by a word and a legal seat typed by hand. */
export async function fillCompany(page: Page, company: string, partitaIva: string): Promise<void> {
  const form = stepForm(page);
  await textbox(form, 'Ragione sociale').fill(company);
  await form.getByRole('combobox', { name: 'Forma giuridica' }).selectOption('S.r.l.');
  await form.getByRole('combobox', { name: 'Tipo di impresa (facoltativo)' }).selectOption('Piccola impresa');
  await textbox(form, 'Partita IVA').fill(partitaIva);
  await textbox(form, 'Codice fiscale dell’azienda').fill(partitaIva);
  await textbox(form, 'PEC (facoltativa)').fill('amministrazione@pec.officinadigitale.it');
  // 0000000 is accepted because a PEC is given (SPEC §5).
  await textbox(form, 'Codice SDI').fill('0000000');
  const ateco = form.getByRole('combobox', { name: 'Codice ATECO' });
  // Searched by the ATECO 2007 code a visura camerale still shows: software development became 62.10.
  await ateco.fill('62.01');
  await page.getByRole('option', { name: /^62\.10 – .*\(ex 62\.01 ATECO 2007\)$/ }).click();
  await expect(ateco).toHaveValue(/^62\.10 – Attività di programmazione informatica/);
  await textbox(form, 'Provincia REA').fill('RM');
  await textbox(form, 'Numero REA').fill('1234567');
  await textbox(form, 'Anno di iscrizione REA (facoltativo)').fill('2015');
  // The legal seat typed by hand (not the activation address).
  await textbox(form, 'Indirizzo della sede legale').fill('Via del Corso');
  await textbox(form, 'Numero civico della sede').fill('101');
  await form.getByRole('combobox', { name: 'Comune della sede legale' }).fill('Roma');
  await page.getByRole('option', { name: 'Roma (RM)', exact: true }).click();
  await expect(textbox(form, 'Provincia della sede')).toHaveValue('RM');
  await textbox(form, 'CAP della sede').fill('00186');
}

/**
 * The SEPA holder as step 4 shows it: a person (prefilled with the contact's names; a business names
 * them with their own codice fiscale) or, for a business, the company (prefilled from step 2).
 */
export type SepaHolder = { first: string; last: string; taxCode?: string } | { company: string; taxCode: string };

export async function fillPayment(page: Page, holder: SepaHolder | null, iban: string): Promise<void> {
  const form = stepForm(page);
  const holderType = form.getByRole('radiogroup', { name: 'Il conto è intestato a' });
  if (holder && 'company' in holder) {
    await expect(holderType.getByRole('radio', { name: 'L’azienda' })).toBeChecked();
    await expect(textbox(form, 'Ragione sociale dell’intestatario del conto')).toHaveValue(holder.company);
    await expect(textbox(form, 'Codice fiscale o partita IVA dell’azienda')).toHaveValue(holder.taxCode);
  } else if (holder) {
    if (holder.taxCode) await holderType.getByRole('radio', { name: /Una persona/ }).check();
    await expect(textbox(form, 'Nome dell’intestatario del conto')).toHaveValue(holder.first);
    await expect(textbox(form, 'Cognome dell’intestatario del conto')).toHaveValue(holder.last);
    if (holder.taxCode) await textbox(form, 'Codice fiscale dell’intestatario del conto').fill(holder.taxCode);
  }
  await textbox(form, 'IBAN').fill(iban);
  await expect(page.getByTestId('iban-status')).toContainText('ABI 05428');
}

/** Step 5's identity document data (a carta d'identità issued by the Comune di Roma). */
export async function fillIdentityDocument(page: Page, number: string): Promise<void> {
  const form = stepForm(page);
  await form.getByRole('combobox', { name: 'Tipo di documento' }).selectOption('carta_identita');
  await textbox(form, 'Numero del documento').fill(number);
  const issue = italianDateYearsFromNow(-2);
  const expiry = italianDateYearsFromNow(8);
  // Typed as digits: the slashes come by themselves.
  await textbox(form, 'Data di rilascio').fill(issue.replace(/\//g, ''));
  await expect(textbox(form, 'Data di rilascio')).toHaveValue(issue);
  await textbox(form, 'Data di scadenza').fill(expiry.replace(/\//g, ''));
  await expect(textbox(form, 'Data di scadenza')).toHaveValue(expiry);
  await form.getByRole('combobox', { name: 'Comune di rilascio' }).fill('Roma');
  await page.getByRole('option', { name: 'Roma (RM)', exact: true }).click();
  await expect(textbox(form, 'Rilasciato da')).toHaveValue('Comune di Roma');
  await expect(textbox(form, 'Provincia di rilascio')).toHaveValue('RM');
}

/** The identity-document file input (visually a pill label, named by it). */
export const identityUpload = (page: Page): Locator => page.getByLabel('Carica il documento d’identità', { exact: true });
export const identityList = (page: Page): Locator => page.getByRole('list', { name: 'File caricati: documento d’identità' });

/**
 * Both sides of the identity document as two images, the fewest the signing code needs (a carta
 * d'identità has two sides; one PDF would do too). `front` names the first file.
 */
export async function uploadBothSides(page: Page, front = 'carta-fronte.png'): Promise<void> {
  for (const name of [front, 'carta-retro.png']) {
    await identityUpload(page).setInputFiles({ name, mimeType: 'image/png', buffer: tinyPng() });
    await expect(identityList(page).getByRole('listitem').filter({ hasText: name })).toBeVisible();
  }
}

/**
 * Uploads a file and waits for it in the list. The upload request is held back a moment so the
 * progress bar can be seen (a tiny file is otherwise sent before anyone could look).
 */
export async function uploadIdentityWithProgress(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/document-upload', async (route) => {
    await held;
    await route.continue();
  });
  await identityUpload(page).setInputFiles(file);
  const progress = page.getByRole('progressbar', { name: `Avanzamento del caricamento di ${file.name}` });
  await expect(progress).toBeVisible();
  release();
  await expect(progress).toBeHidden();
  await page.unroute('**/document-upload');
  await expect(identityList(page).getByRole('listitem').filter({ hasText: file.name })).toBeVisible();
}

// ——— Signature ———

/** Firma: the preview is there and downloadable. */
export async function expectContractPreview(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/attiva\/firma$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Firma il contratto' })).toBeVisible();
  const download = page.getByTestId('contract-download');
  await expect(download).toBeVisible();
  await expect(download).toHaveAccessibleName('Scarica il contratto');
  await expect(download).toHaveAttribute('href', /^blob:/);
  await expect(download).toHaveAttribute('download', /\.pdf$/);
}

interface OutboxEntry { channel: string; destination: string; text: string; created_at: string }

const readOutbox = async (request: APIRequestContext, to: string): Promise<OutboxEntry[]> => {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { result: boolean; data: OutboxEntry[] };
  expect(body.result).toBe(true);
  return body.data;
};

/** The newest outbox entry for `to` (the same mobile number is used by every run). */
export const newestOutboxEntry = async (page: Page, to: string): Promise<OutboxEntry | undefined> => (await readOutbox(page.request, to))[0];

/** The newest outbox entry for `to` that carries a one-time code (notifications carry none). */
export const newestCodeEntry = async (page: Page, to: string): Promise<OutboxEntry | undefined> =>
  (await readOutbox(page.request, to)).find((e) => /è \d{6}/.test(e.text));

/**
 * Waits for an outbox entry for `to` newer than `before` that carries a code, and answers the code. The
 * newest entry need not be it: the customer's notifications (a signed contract, a status) reach the
 * same number through the outbox, at their own pace.
 */
export async function readNewCode(page: Page, to: string, before: OutboxEntry | undefined): Promise<string> {
  let code = '';
  await expect.poll(async () => {
    const entries = await readOutbox(page.request, to);
    const seen = before ? entries.findIndex((e) => e.created_at === before.created_at && e.text === before.text) : -1;
    const newer = seen === -1 ? entries : entries.slice(0, seen);
    code = newer.map((e) => /è (\d{6})/.exec(e.text)?.[1]).find((c) => c !== undefined) ?? '';
    return code;
  }, { message: `a code in the outbox for ${to}` }).toMatch(/^\d{6}$/);
  return code;
}

/**
 * Reads the contract summary (its label opens the PDF in the page) and ticks the acceptances the
 * signature page asks before a code (the withdrawal one only for consumers).
 */
export async function acceptContract(page: Page): Promise<void> {
  const acceptances = page.getByTestId('acceptances');
  const summaryBox = acceptances.getByRole('checkbox', { name: /Ho letto la sintesi contrattuale/ });
  await summaryBox.locator('xpath=..').getByRole('link', { name: 'sintesi contrattuale', exact: true }).click();
  await expect(page.locator('#sintesi-contrattuale iframe[title="Sintesi contrattuale"]')).toBeVisible();
  await summaryBox.check();
  await acceptances.getByRole('checkbox', { name: /condizioni generali di contratto/ }).check();
  const withdrawal = acceptances.getByRole('checkbox', { name: /diritto di recesso/ });
  if (await withdrawal.count() > 0) await withdrawal.check();
  await acceptances.getByRole('checkbox', { name: /condizioni della firma elettronica avanzata/ }).check();
  // A pre-made order's paid options, each confirmed by the customer (none on an order the visitor built).
  for (const box of await page.getByTestId('prepared-paid-options').getByRole('checkbox', { name: /^Confermo di volere/ }).all()) await box.check();
}

/** Asks for the code by the chosen channel (after the acceptances) and reads it from the development outbox. */
export async function sendCodeAndRead(page: Page, channel: RegExp, to: string, { earlyActivation = false }: { earlyActivation?: boolean } = {}): Promise<string> {
  const before = await newestOutboxEntry(page, to);
  await acceptContract(page);
  // A consumer's express request to start within the 14 days (a business customer has no such choice):
  // never ticked unless the journey asks for it.
  const early = page.getByTestId('early-activation').getByRole('checkbox');
  if (earlyActivation || (await early.count()) > 0) {
    await expect(early).not.toBeChecked();
    if (earlyActivation) await early.check();
  }
  await page.getByRole('radio', { name: channel }).check();
  await page.getByRole('button', { name: 'Invia codice' }).click();
  await expect(page.getByTestId('otp-sent')).toContainText('Codice inviato a');
  return readNewCode(page, to, before);
}

export const otpBox = (page: Page): Locator => textbox(page, 'Codice di firma (6 cifre)');

export async function signWith(page: Page, code: string): Promise<void> {
  await otpBox(page).fill(code);
  // Codice del Consumo art. 51 c. 2: the button says the order is an obligation to pay.
  await page.getByRole('button', { name: 'Firma: ordine con obbligo di pagare' }).click();
}

/**
 * Thank-you screen: heading, the order number people can read, and the signed PDF (real, naming the
 * customer and the same number). A reload keeps the screen. Returns the order hash (the signed
 * contract's and the document upload's key).
 */
export async function expectSignedAndDownload(page: Page, { heading, mustContain }: { heading: string; mustContain: string[] }): Promise<string> {
  const thanks = page.getByTestId('thank-you');
  await expect(thanks).toBeVisible();
  await expect(thanks.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const orderNumber = (await thanks.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^FV-\d{4}-[A-HJ-NP-Z2-9]{6}$/);

  const link = thanks.getByRole('link', { name: 'Scarica il contratto firmato' });
  const href = await link.getAttribute('href');
  const orderCode = decodeURIComponent(/\/orders\/([^/]+)\/signed-contract/.exec(href ?? '')?.[1] ?? '');
  expect(orderCode.length).toBeGreaterThanOrEqual(16);

  // Nothing is lost on refresh: the same screen, the same number, twice over.
  for (let i = 0; i < 2; i++) {
    await page.reload();
    await expect(thanks.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(thanks.getByTestId('order-number')).toHaveText(orderNumber);
    await expect(link).toHaveAttribute('href', href ?? '');
  }
  const res = await page.request.get(new URL(href ?? '', page.url()).toString());
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  const pdf = await res.body();
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
  for (const needle of [...mustContain, orderNumber]) expect(text, `signed PDF names ${needle}`).toContain(needle);
  // The draft mark is on the copy read before signing only, never on the signed file.
  expect(text, 'signed PDF is no draft').not.toContain('BOZZA');

  // The evidence bundle holds the very same sealed contract, and a manifest that names its hash.
  const [download] = await Promise.all([
    page.waitForEvent('download'), thanks.getByRole('link', { name: 'scarica le evidenze della firma' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`evidenze-firma-fibra-viva-${orderNumber}.zip`);
  const zip = await download.path();
  expect(execFileSync('unzip', ['-p', zip, 'contratto-firmato.pdf']).equals(pdf)).toBe(true);
  const manifest = JSON.parse(execFileSync('unzip', ['-p', zip, 'manifest.json'], { encoding: 'utf8' })) as { order_number: string; recorded: { signed_contract_sha256: string } };
  expect(manifest.order_number).toBe(orderNumber);
  expect(manifest.recorded.signed_contract_sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
  return orderCode;
}

// ——— From step 1 to a signed contract ———

/**
 * Mario Rossi's private order from step 1 (whatever opened it) to the thank-you page: contact with the
 * given email and mobile, the codice fiscale, the default addresses, an IBAN, a carta d'identità with the
 * front uploaded as `documentName` and the back as `carta-retro.png`, then the SMS code to the mobile. `atReview` runs on step 5 before
 * going to the signature. Answers the order number.
 */
export async function signFromStep1(page: Page, { email, mobile, documentName, atReview, earlyActivation = false }: {
  email: string; mobile: string; documentName: string; atReview?: (page: Page) => Promise<void>; earlyActivation?: boolean;
}): Promise<string> {
  await marioToPaymentStep(page, { email, mobile });
  await fillPayment(page, { first: 'Mario', last: 'Rossi' }, 'IT60X0542811101000000123456');
  await submitStep(page);
  await expectStep(page, 5, 'Documento e riepilogo');
  await fillIdentityDocument(page, 'CA12345AB');
  await uploadBothSides(page, documentName);
  if (atReview) await atReview(page);
  await submitStep(page, 'Vai alla firma');
  await expectContractPreview(page);
  await signWith(page, await sendCodeAndRead(page, /^Via SMS al numero/, mobile, { earlyActivation }));
  await expectSignedAndDownload(page, { heading: 'Grazie Mario, il contratto è firmato!', mustContain: ['Mario Rossi'] });
  return (await page.getByTestId('thank-you').getByTestId('order-number').textContent())?.trim() ?? '';
}

// ——— The same lines and totals everywhere ———

/** An order as a screen or the contract shows it: each line's label with its monthly and one-off cents, and the totals. */
export interface ShownOrder { lines: Array<[label: string, monthly: number, oneOff: number]>; monthly: number; oneOff: number }

/** `26,90 €/mese`, `-5,00 €`, `1.234,50` → cents. */
export const centsOf = (text: string): number => {
  const m = /(-?)\s*([\d.]+),(\d{2})/.exec(text.replace(/\u00a0/g, ' '));
  if (!m) throw new Error(`no amount in "${text}"`);
  return (m[1] ? -1 : 1) * (Number(m[2]!.replace(/\./g, '')) * 100 + Number(m[3]));
};

/** The lines of the summary box (`summary`) or the step-5 review (`review`), read from the page. */
export async function shownOrder(page: Page, prefix: 'summary' | 'review'): Promise<ShownOrder> {
  const raw = await page.locator(`[data-testid^="${prefix}-line-"]`).evaluateAll((items) => items.map((li) => {
    const [name, prices] = Array.from(li.children);
    return { label: (name?.textContent ?? '').trim(), prices: Array.from(prices?.children ?? []).map((p) => (p.textContent ?? '').trim()) };
  }));
  const lines = raw.map(({ label, prices }): [string, number, number] => [
    label,
    prices.filter((p) => p.endsWith('/mese')).reduce((sum, p) => sum + centsOf(p), 0),
    prices.filter((p) => p.endsWith('una tantum')).reduce((sum, p) => sum + centsOf(p), 0),
  ]);
  const total = async (id: string) => centsOf((await page.getByTestId(id).first().textContent()) ?? '');
  return { lines, monthly: await total(`${prefix}-monthly-total`), oneOff: await total(`${prefix}-one-off-total`) };
}

/** The lines of the contract's price table (label, monthly, one-off) and its "Totale" row, from the PDF's text. */
export function contractOrder(pdfText: string): ShownOrder {
  const rows = pdfText.split('\n').map((l) => l.trim());
  const start = rows.findIndex((row) => /Canone mensile\s+Una tantum$/.test(row));
  const lines: ShownOrder['lines'] = [];
  // A row ends with its two amounts; a label too long for its column continues on the rows before them.
  const amounts = /^(.*?)\s*(-?[\d.]+,\d{2})\s*€\s+(-?[\d.]+,\d{2})\s*€$/;
  let label: string[] = [];
  for (let i = start + 1; start >= 0 && i < rows.length; i++) {
    const m = amounts.exec(rows[i]!);
    if (!m) { label.push(rows[i]!); continue; }
    const entry: [string, number, number] = [[...label, m[1]!].filter(Boolean).join(' '), centsOf(m[2]!), centsOf(m[3]!)];
    label = [];
    if (entry[0] === 'Totale') return { lines, monthly: entry[1], oneOff: entry[2] };
    lines.push(entry);
  }
  throw new Error('no price table with a "Totale" row in the contract');
}

/**
 * The contract's own pages of a signed contract's text (`signedContractText`), on one line: what comes
 * before the contract summary attached to it.
 */
export function contractBody(signedText: string): string {
  const at = signedText.indexOf('La presente sintesi contrattuale fornisce');
  return (at >= 0 ? signedText.slice(0, at) : signedText).replace(/\s+/g, ' ');
}

/** The contract summary read before signing, on one line, from the thank-you page's evidence bundle. */
export async function signedSummaryText(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'), page.getByTestId('thank-you').getByRole('link', { name: 'scarica le evidenze della firma' }).click(),
  ]);
  const summary = execFileSync('unzip', ['-p', await download.path(), 'sintesi-contrattuale.pdf']);
  expect(summary.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return (await pdfText(summary)).replace(/\s+/g, ' ');
}

/** The signed contract's PDF of the thank-you page. */
export async function signedContractText(page: Page): Promise<string> {
  const href = await page.getByTestId('thank-you').getByRole('link', { name: 'Scarica il contratto firmato' }).getAttribute('href');
  const res = await page.request.get(new URL(href ?? '', page.url()).toString());
  expect(res.status()).toBe(200);
  return await pdfText(await res.body());
}

/** On an order's tracking page: a code to the order's mobile opens its details (the page a message links). */
export async function openTrackingDetails(page: Page, mobile: string): Promise<void> {
  await page.getByRole('button', { name: 'Vedi i dettagli' }).click();
  const before = await newestOutboxEntry(page, mobile);
  await page.getByRole('button', { name: 'Invia il codice' }).click();
  await textbox(page, 'Codice di conferma (6 cifre)').fill(await readNewCode(page, mobile, before));
  await page.getByRole('button', { name: 'Apri i dettagli' }).click();
  await expect(page.getByTestId('tracking-details')).toBeVisible();
}
