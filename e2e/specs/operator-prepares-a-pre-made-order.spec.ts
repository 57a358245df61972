import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import {
  centsOf, expectStep, newestOutboxEntry, readNewCode, shownOrder, signFromStep1, stepForm, textbox, uniqueEmail, type ShownOrder,
} from './checkout-journey';
import { closeOperator, operatorFromCli, shoot } from './console';
import { plain } from './coverage';

/*
 * A pre-made order prepared in the console and completed by the customer: a backoffice operator (from the
 * CLI, two-factor enrolled) picks the address with the coverage search, the offer, an option and the
 * customer's data, and gets a code, a link and a QR code; the customer opens the link in a browser of
 * their own, unlocks their data with the SMS code, signs; the console then finds the order by its code,
 * signed, with the very totals the customer was shown.
 */

const MOBILE = '3471234567';
const OFFER = 'Fibra Viva Casa 1 Giga';
const ADDRESS = 'Via Roma 1, 00185 Roma (RM)';
const ANTIVIRUS = 'Antivirus Fibra Viva Protect';
const ROUTER = 'Router Fibra Viva Top Wi-Fi 7 (acquisto)';
const REPEATER = 'Ripetitore Wi-Fi Casa';
const optionNames = [ANTIVIRUS, ROUTER];

test.describe('pre-made orders from the console', () => {
  test('a backoffice operator prepares an order; the customer opens its link, unlocks it with the SMS code and signs; the console finds it signed at the price the customer saw', async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const customerEmail = uniqueEmail('precompilato.cliente');
    // The refused repeater below is a 422 on purpose.
    const bo = await operatorFromCli(browser, baseURL, 'backoffice', 'Bruno Back', [/status of 422 .*@ .*\/api\/console\/premade-orders$/]);
    const op = bo.page;
    const nav = op.getByRole('navigation', { name: 'Sezioni della console' });

    // ——— The form ———
    await nav.getByRole('link', { name: 'Ordini precompilati' }).click();
    await expect(op.getByRole('heading', { level: 1, name: 'Ordini precompilati' })).toBeVisible();
    await op.getByRole('link', { name: 'Nuovo ordine precompilato' }).click();
    await expect(op.getByRole('heading', { level: 1, name: 'Nuovo ordine precompilato' })).toBeVisible();
    await expect(op).toHaveTitle(/^Nuovo ordine precompilato/);

    // Nothing chosen: said at the top and next to the fields, nothing sent.
    await op.getByRole('button', { name: 'Crea l’ordine' }).click();
    await expect(op.getByRole('alert').filter({ hasText: 'Correggi i campi evidenziati.' })).toBeVisible();
    await expect(op.getByLabel('Offerta', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    // The address from the coverage search, as the checkout's coverage step finds it.
    await op.getByLabel('Comune', { exact: true }).fill('roma');
    await op.getByRole('button', { name: 'Roma (RM)', exact: true }).click();
    await op.getByLabel('Via e numero civico').fill('via roma 1');
    await op.getByRole('button', { name: ADDRESS }).click();
    await expect(op.getByText(ADDRESS, { exact: true })).toBeVisible();
    await expect(op.getByText(/^Copertura: FTTH/)).toBeVisible();

    // The offer and its options.
    const offerSelect = op.getByLabel('Offerta', { exact: true });
    await expect(offerSelect).toBeEnabled();
    const offerValue = await offerSelect.locator('option', { hasText: new RegExp(`^${OFFER} ·`) }).getAttribute('value');
    await offerSelect.selectOption(offerValue ?? '');
    const options = op.getByRole('group', { name: 'Opzioni' });
    const option = (name: string) => options.getByRole('checkbox', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')} · `) });
    // Two priced options, one monthly and one paid once, so both totals move.
    await expect(option(ANTIVIRUS)).toHaveAccessibleName(/ · [1-9][\d.]*,\d{2}\s€\/mese$/);
    await expect(option(ROUTER)).toHaveAccessibleName(/ · [1-9][\d.]*,\d{2}\s€ una tantum$/);
    await option(ROUTER).check();
    await option(REPEATER).check();

    // The customer's data: with it the mobile number is required.
    const customer = op.getByRole('group', { name: 'Dati del cliente (facoltativi)' });
    await customer.getByLabel('Nome', { exact: true }).fill('Mario');
    await customer.getByLabel('Cognome', { exact: true }).fill('Rossi');
    await customer.getByLabel('Email', { exact: true }).fill(customerEmail);
    await op.getByRole('button', { name: 'Crea l’ordine' }).click();
    await expect(customer.getByLabel('Cellulare', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(customer.getByText(/Con i dati del cliente serve il cellulare/)).toBeVisible();
    await customer.getByLabel('Cellulare', { exact: true }).fill(MOBILE);
    // The server refuses the repeater with the purchased router: said at that option, nothing created.
    await op.getByRole('button', { name: 'Crea l’ordine' }).click();
    await expect(option(REPEATER)).toHaveAttribute('aria-invalid', 'true');
    await expect(option(REPEATER)).toHaveAccessibleDescription('Questo ripetitore non è compatibile con il router scelto.');
    await option(REPEATER).uncheck();
    await option(ANTIVIRUS).check();
    await expect(option(REPEATER)).not.toHaveAttribute('aria-invalid');
    await expect(op.getByRole('alert').filter({ hasText: 'Correggi i campi evidenziati.' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(op, 'console pre-made order form');
    await shoot(op, 'console-premade-form');

    // ——— The result: code, link, QR code ———
    await op.getByRole('button', { name: 'Crea l’ordine' }).click();
    const created = op.getByRole('region', { name: 'Ordine precompilato creato' });
    await expect(created).toBeVisible();
    const shownValue = (term: string) => created.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
    const code = plain(await shownValue('Codice').textContent());
    expect(code).toMatch(/^[A-Z0-9-]{6,}$/);
    const orderNumber = plain(await shownValue('Numero d’ordine').textContent());
    expect(orderNumber).toMatch(/^FV-\d{4}-[A-HJ-NP-Z2-9]{6}$/);
    const link = await created.getByRole('textbox', { name: 'Link da inviare al cliente' }).inputValue();
    expect(link).toMatch(new RegExp(`/attiva/fill-order/pre/${code}$`));
    await expect(created).toContainText('Il cliente aprirà i propri dati con un codice inviato via SMS al');
    await expect(created).toContainText('**67');
    const qr = created.getByRole('img', { name: `Codice QR del link per l’ordine ${code}` });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/);
    // An image the browser could draw, not a broken one.
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectNoSeriousA11yViolations(op, 'console pre-made order created');
    await shoot(op, 'console-premade-created');

    // The list has it, open.
    await created.getByRole('link', { name: 'Torna agli ordini precompilati' }).click();
    const listed = op.getByRole('row').filter({ hasText: code });
    await expect(listed).toContainText('Utilizzabile');
    await expect(listed).toContainText('Mario Rossi');

    // ——— The customer, in a browser of their own, opens the link ———
    await page.goto(new URL(link, baseURL).pathname);
    const ready = page.getByTestId('premade-ready');
    await expect(ready.getByRole('heading', { level: 1, name: 'Abbiamo preparato il tuo ordine' })).toBeVisible();
    await expect(ready.getByTestId('premade-offer')).toHaveText(new RegExp(OFFER));
    await expect(ready).toContainText('Via Roma 1');
    for (const name of optionNames) await expect(ready).toContainText(name);
    // Nothing personal before the code.
    for (const secret of ['Rossi', customerEmail, MOBILE]) await expect(ready).not.toContainText(secret);
    const prepared = {
      monthly: centsOf(plain(await ready.getByTestId('premade-monthly-total').textContent())),
      oneOff: centsOf(plain(await ready.getByTestId('premade-one-off-total').textContent())),
    };
    const box = page.getByTestId('premade-code');
    const before = await newestOutboxEntry(page, MOBILE);
    await box.getByRole('button', { name: 'Invia il codice' }).click();
    await expect(box.getByTestId('premade-code-sent')).toContainText('Codice inviato al numero');
    await box.getByRole('textbox', { name: /Codice ricevuto via SMS/ }).fill(await readNewCode(page, MOBILE, before));
    await page.keyboard.press('Enter');
    await expectStep(page, 1, 'Dati di contatto');
    await expect(textbox(stepForm(page), 'Nome')).toHaveValue('Mario');
    await expect(textbox(stepForm(page), 'Cognome')).toHaveValue('Rossi');
    await expect(textbox(stepForm(page), 'Email')).toHaveValue(customerEmail);

    // What the customer is shown before signing: the summary box on step 5, the same as the prepared totals.
    let seen: ShownOrder = { lines: [], monthly: -1, oneOff: -1 };
    const signedNumber = await signFromStep1(page, {
      email: customerEmail, mobile: MOBILE, documentName: 'carta.png',
      atReview: async (p) => {
        seen = await shownOrder(p, 'summary');
        // A line's label may carry a variant chosen by default, e.g. the router's colour.
        for (const name of optionNames) expect(seen.lines.map(([label]) => label).join('\n')).toContain(name);
      },
    });
    expect({ monthly: seen.monthly, oneOff: seen.oneOff }).toEqual(prepared);
    expect(signedNumber).toBe(orderNumber);

    // ——— The console finds it by the code, signed, at the same price ———
    await nav.getByRole('link', { name: 'Ordini', exact: true }).click();
    await expect(op.getByRole('heading', { level: 1, name: 'Ordini' })).toBeVisible();
    await op.getByLabel('Cerca').fill(code);
    await op.getByRole('button', { name: 'Applica' }).click();
    await expect(op.getByText('1 ordine', { exact: true })).toBeVisible();
    const row = op.getByRole('row').filter({ hasText: code });
    // The second column is the status (the last one flags the identity document still to review).
    await expect(row.getByRole('cell').nth(1)).toHaveText('Firmato');
    await row.getByRole('link', { name: orderNumber }).click();
    await expect(op.getByRole('heading', { level: 1, name: `Ordine ${orderNumber}` })).toBeVisible();
    const offer = op.getByRole('region', { name: `Offerta: ${OFFER}` });
    for (const name of optionNames) await expect(offer.getByRole('row').filter({ hasText: name })).toBeVisible();
    const totals = await offer.getByRole('row', { name: /^Totale/ }).getByRole('cell').allTextContents();
    expect(totals).toHaveLength(2);
    expect({ monthly: centsOf(totals[0] ?? ''), oneOff: centsOf(totals[1] ?? '') }, 'the console’s total against what the customer saw')
      .toEqual({ monthly: seen.monthly, oneOff: seen.oneOff });

    await closeOperator(bo);
  });

  test('an admin opens the leads, pre-made, mobile, reference-file and privacy pages', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await operatorFromCli(browser, baseURL, 'admin', 'Anna Admin');
    const nav = admin.page.getByRole('navigation', { name: 'Sezioni della console' });
    // A request for an offer, as the lead form sends it: its delivery to the lead webhook waits in the outbox
    // (this server has no LEAD_WEBHOOK_URL).
    const lead = await admin.page.request.post('/api/leads/new', {
      data: { api_key: 'demo-public-key', nome: 'Lucia', cognome: 'Contatto', email: uniqueEmail('contatto'), numero_telefono: '3331234567', comune: 'Roma', provenienza: 'coverage-no-offer' },
    });
    expect(lead.status()).toBe(200);
    const leadId = ((await lead.json()) as { data: { id: string } }).data.id;
    for (const [link, heading, shot] of [
      ['Contatti', 'Contatti', 'console-leads'],
      ['Ordini precompilati', 'Ordini precompilati', 'console-premade'],
      ['Ordini mobile', 'Ordini mobile', 'console-mobile'],
      ['File di riferimento', 'Copertura e codici ATECO', 'console-reference'],
      ['Privacy', 'Privacy: dati di un cliente', 'console-privacy'],
    ] as const) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await expect(admin.page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(admin.page.getByRole('status').filter({ hasText: 'Caricamento' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(admin.page, `console ${link}`);
      await shoot(admin.page, shot);
    }

    // The lead's page: its deliveries as an order's events, the lead webhook's waiting for its URL.
    await nav.getByRole('link', { name: 'Contatti', exact: true }).click();
    await admin.page.locator(`a[href="/console/contatti/${leadId}"]`).click();
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Contatto: Lucia Contatto' })).toBeVisible();
    const deliveries = admin.page.getByRole('region', { name: 'Eventi e consegne' });
    await expect(deliveries.getByText('Richiesta di contatto')).toBeVisible();
    const leadWebhook = deliveries.getByRole('listitem').filter({ hasText: 'Webhook dei contatti', hasNotText: 'Sistemi del fornitore' });
    await expect(leadWebhook.getByText('In attesa')).toBeVisible();
    await expect(deliveries.getByText(/LEAD_WEBHOOK_URL/)).toBeVisible();
    // Nothing to send it with: no "Invia di nuovo" for it.
    await expect(leadWebhook.getByRole('button', { name: /Invia di nuovo/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(admin.page, 'console lead');
    await shoot(admin.page, 'console-lead');
    await closeOperator(admin);
  });
});
