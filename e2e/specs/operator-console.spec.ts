import type { Page } from '@playwright/test';
import type * as OTPAuth from 'otpauth';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import {
  checkCoverage, continueFromOffer, identityList, identityUpload, openTrackingDetails, signFromStep1, tinyPng, uniqueEmail,
} from './checkout-journey';
import { runCli } from './cli';
import { closeOperator, enrol, expectConsolePricesAreTheContracts, nextCode, operatorBrowser, outboxFor, PASSWORD, shoot, signIn, type Operator } from './console';
import { pdfText } from '../../server/src/infra/pdf/pdf-text';

/*
 * The provider's back office in the browser: an admin created by the CLI enrols two-factor and creates a
 * backoffice operator and a viewer; the backoffice operator finds the order a visitor just signed, rejects
 * its identity document, the customer sends a new one from the link in the message, the operator approves
 * it and moves the order on; the viewer sees masked data and no action. axe on every console screen.
 */

const MOBILE = '3334445566';

/** The visitor's journey to a signed order with the front of an identity document; answers the order number. */
async function signOrderWithDocument(page: Page, email: string): Promise<string> {
  await checkCoverage(page, 'Privato');
  await page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true }).check();
  await continueFromOffer(page);
  // The customer asks to start within the 14 days: the order may go into activation once verified.
  return signFromStep1(page, { email, mobile: MOBILE, documentName: 'carta-sfocata.png', earlyActivation: true });
}

test.describe('the operator console', () => {
  test('an admin from the CLI enrols and adds staff; the back office rejects a document, gets a new one, approves it and moves the order on; a viewer only reads', async ({ page, browser, baseURL }) => {
    test.setTimeout(300_000);
    const customerEmail = uniqueEmail('console.cliente');
    const orderNumber = await test.step('a visitor signs an order with an identity document', () => signOrderWithDocument(page, customerEmail));
    const signedPdf = await page.request.get(await page.getByRole('link', { name: 'Scarica il contratto firmato' }).getAttribute('href') ?? '');
    const contractText = (await pdfText(await signedPdf.body())).replace(/\s+/g, ' ');

    // ——— The first admin, from the CLI ———
    const adminEmail = uniqueEmail('admin');
    const created = JSON.parse(runCli(['create-operator', adminEmail, '--role', 'admin', '--name', 'Anna Admin', '--json']).trim().split('\n').at(-1) ?? '{}') as { setup_url: string };
    expect(created.setup_url).toMatch(/\/console\/attiva\/[\w-]+$/);
    // The admin types one wrong code on purpose: that sign-in's 401 is expected.
    const admin: Operator = { ...(await operatorBrowser(browser, baseURL, [/status of 401 .*@ .*\/api\/console\/auth\/sign-in$/])), email: adminEmail, totp: undefined as unknown as OTPAuth.TOTP };
    admin.totp = await enrol(admin.page, created.setup_url, { name: 'Anna Admin', email: adminEmail });

    // A wrong code: one message that does not say which part was wrong.
    await admin.page.getByLabel('Email').fill(adminEmail);
    await admin.page.getByLabel('Password').fill(PASSWORD);
    await admin.page.getByLabel('Codice di verifica').fill('000000');
    await admin.page.getByRole('button', { name: 'Accedi' }).click();
    await expect(admin.page.getByRole('alert')).toHaveText('Email, password o codice non corretti. Se hai appena usato questo codice, attendi il prossimo dell’app.');
    await expectNoSeriousA11yViolations(admin.page, 'console sign-in with an error');
    await shoot(admin.page, 'console-sign-in-with-an-error');
    await admin.page.getByLabel('Codice di verifica').fill(nextCode(admin.totp));
    await admin.page.getByRole('button', { name: 'Accedi' }).click();
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Ordini' })).toBeVisible();
    const nav = admin.page.getByRole('navigation', { name: 'Sezioni della console' });
    await expect(nav.getByRole('link')).toHaveText(['Ordini', 'Verifica documenti', 'Cruscotto', 'Contatti', 'Ordini precompilati', 'Ordini mobile', 'File di riferimento', 'Privacy', 'Token API', 'Operatori', 'Registro attività']);

    // ——— The admin creates a backoffice operator and a viewer ———
    await nav.getByRole('link', { name: 'Operatori' }).click();
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Operatori' })).toBeVisible();
    const links: Record<string, string> = {};
    for (const [role, name, label] of [['backoffice', 'Bruno Back', 'Back office'], ['viewer', 'Vera Viewer', 'Sola lettura']] as const) {
      const email = uniqueEmail(role);
      await admin.page.getByLabel('Nome', { exact: true }).fill(name);
      await admin.page.getByLabel('Email', { exact: true }).fill(email);
      await admin.page.getByLabel('Ruolo', { exact: true }).selectOption({ label });
      await admin.page.getByRole('button', { name: 'Crea operatore' }).click();
      const link = admin.page.getByRole('textbox', { name: `Link di attivazione per ${name}`, exact: true });
      await expect(link).toHaveValue(/\/console\/attiva\/[\w-]+$/);
      links[role] = `${await link.inputValue()}|${email}`;
      await expect(admin.page.getByRole('row').filter({ hasText: email })).toContainText('In attesa di attivazione');
    }
    await expectNoSeriousA11yViolations(admin.page, 'console operators');
    await shoot(admin.page, 'console-operators');

    // ——— The backoffice operator: set up, sign in, find the order ———
    const [boLink, boEmail] = (links.backoffice ?? '').split('|') as [string, string];
    const bo: Operator = { ...(await operatorBrowser(browser, baseURL)), email: boEmail, totp: undefined as unknown as OTPAuth.TOTP };
    bo.totp = await enrol(bo.page, boLink, { name: 'Bruno Back', email: boEmail });
    await signIn(bo.page, boEmail, bo.totp);
    await expect(bo.page.getByRole('navigation', { name: 'Sezioni della console' }).getByRole('link')).toHaveText(['Ordini', 'Verifica documenti', 'Cruscotto', 'Contatti', 'Ordini precompilati', 'Ordini mobile']);
    await bo.page.getByLabel('Cerca').fill(customerEmail);
    await bo.page.getByRole('button', { name: 'Applica' }).click();
    await expect(bo.page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(customerEmail).replace(/\./g, '\\.')}`));
    await expect(bo.page.getByText('1 ordine', { exact: true })).toBeVisible();
    // The export carries the same filters: one order, this one.
    const csv = await bo.page.request.get((await bo.page.getByRole('link', { name: 'Esporta CSV' }).getAttribute('href')) ?? '');
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    expect((await csv.text()).trim().split('\n').filter((l) => l.includes(orderNumber))).toHaveLength(1);
    await expectNoSeriousA11yViolations(bo.page, 'console orders');
    await shoot(bo.page, 'console-orders');
    // A reload keeps the filter.
    await bo.page.reload();
    await expect(bo.page.getByLabel('Cerca')).toHaveValue(customerEmail);
    await bo.page.getByRole('link', { name: orderNumber }).click();
    await expect(bo.page.getByRole('heading', { level: 1, name: `Ordine ${orderNumber}` })).toBeVisible();
    await expect(bo.page.getByText('Firmato', { exact: true }).first()).toBeVisible();
    const docLink = bo.page.getByRole('link', { name: /carta-sfocata\.png/ });
    await expect(docLink).toHaveAttribute('target', '_blank');
    const doc = await bo.page.request.get((await docLink.getAttribute('href')) ?? '');
    expect(doc.status()).toBe(200);
    expect(doc.headers()['content-type']).toMatch(/^image\/png/);
    const evidence = bo.page.getByRole('link', { name: 'Prove della firma (zip)' });
    const zip = await bo.page.request.get((await evidence.getAttribute('href')) ?? '');
    expect(zip.status()).toBe(200);
    expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
    await expectNoSeriousA11yViolations(bo.page, 'console order page');
    await shoot(bo.page, 'console-order-page');

    // ——— Review: reject the identity document with a reason ———
    await bo.page.getByRole('navigation', { name: 'Sezioni della console' }).getByRole('link', { name: 'Verifica documenti' }).click();
    await expect(bo.page.getByRole('heading', { level: 1, name: 'Verifica documenti' })).toBeVisible();
    await expectNoSeriousA11yViolations(bo.page, 'console review queue');
    await shoot(bo.page, 'console-review-queue');
    await bo.page.getByRole('button', { name: `Prendi in carico l’ordine ${orderNumber}` }).click();
    await expect(bo.page.getByRole('heading', { level: 1, name: `Verifica dell’ordine ${orderNumber}` })).toBeVisible();
    // Taking the order starts its review: the page shows the status the claim moved it to.
    await expect(bo.page.getByText('In verifica', { exact: true })).toBeVisible();
    await bo.page.getByLabel('Rifiuta il documento').check();
    await bo.page.getByRole('button', { name: 'Rifiuta il documento' }).click();
    await expect(bo.page.getByLabel('Motivo del rifiuto')).toHaveAttribute('aria-invalid', 'true');
    await bo.page.getByLabel('Motivo del rifiuto').selectOption('unreadable');
    await bo.page.getByLabel('Nota per il cliente (facoltativa)').fill('La foto è sfocata');
    await expectNoSeriousA11yViolations(bo.page, 'console review decision');
    await shoot(bo.page, 'console-review-decision');
    const before = (await outboxFor(page, customerEmail)).length;
    await bo.page.getByRole('button', { name: 'Rifiuta il documento' }).click();
    await expect(bo.page.getByRole('status').filter({ hasText: 'Decisione registrata' })).toBeVisible();

    // ——— The customer re-uploads from the order's page the message links (by its number, never the order's hash) ———
    let message = '';
    await expect.poll(async () => {
      const entries = await outboxFor(page, customerEmail);
      message = entries.length > before ? (entries[0]?.text ?? '') : '';
      return message;
    }).toContain(`/ordine/${orderNumber}`);
    expect(message).toContain('La foto è sfocata');
    expect(message).not.toContain('/document-upload/');
    await page.goto(new URL(/https?:\/\/\S+\/ordine\/[\w-]+/.exec(message)?.[0] ?? 'http://x/').pathname);
    await openTrackingDetails(page, MOBILE);
    const redo = page.getByTestId('tracking-redo');
    await expect(redo).toContainText('La foto è sfocata');
    await redo.getByRole('link').click();
    await identityUpload(page).setInputFiles({ name: 'carta-nitida.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(identityList(page).getByRole('listitem').filter({ hasText: 'carta-nitida.png' })).toBeVisible();

    // ——— Approve the new one, then move the order on ———
    await bo.page.goto('/console/verifica');
    await bo.page.getByRole('button', { name: new RegExp(`l’ordine ${orderNumber}$`) }).click();
    await expect(bo.page.getByRole('link', { name: /carta-nitida\.png/ })).toBeVisible();
    // An approval says every check passed: the four ticks go with it.
    for (const check of ['Nomi uguali a quelli dell’ordine', 'Documento non scaduto', 'Documento leggibile', 'Foto presente']) await bo.page.getByLabel(check).check();
    await bo.page.getByLabel('Approva il documento').check();
    await bo.page.getByRole('button', { name: 'Approva il documento' }).click();
    await expect(bo.page.getByRole('status').filter({ hasText: 'Decisione registrata' })).toBeVisible();
    await bo.page.goto('/console/ordini?q=' + encodeURIComponent(customerEmail));
    await bo.page.getByRole('link', { name: orderNumber }).click();
    await expect(bo.page.getByRole('heading', { level: 1, name: `Ordine ${orderNumber}` })).toBeVisible();
    await expect(bo.page.getByText('Verificato', { exact: true }).first()).toBeVisible();
    await expect(bo.page.getByTestId('withdrawal-period')).toContainText('Attivazione chiesta durante i 14 giorni di ripensamento');
    await expectConsolePricesAreTheContracts(bo.page, contractText);
    await bo.page.getByRole('button', { name: 'Passa a «In attivazione»' }).click();
    const dialog = bo.page.getByRole('dialog', { name: 'Conferma: In attivazione' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(bo.page, 'console transition dialog');
    await shoot(bo.page, 'console-transition-dialog');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog).toBeHidden();
    await expect(bo.page.locator('h1 + .badge')).toHaveText('In attivazione');
    await expect(bo.page.getByRole('region', { name: 'Cronologia' })).toContainText('Verificato → In attivazione');

    // ——— The viewer: masked data, no action ———
    const [vLink, vEmail] = (links.viewer ?? '').split('|') as [string, string];
    const viewer: Operator = { ...(await operatorBrowser(browser, baseURL)), email: vEmail, totp: undefined as unknown as OTPAuth.TOTP };
    viewer.totp = await enrol(viewer.page, vLink, { name: 'Vera Viewer', email: vEmail });
    await signIn(viewer.page, vEmail, viewer.totp);
    await expect(viewer.page.getByRole('navigation', { name: 'Sezioni della console' }).getByRole('link')).toHaveText(['Ordini', 'Contatti', 'Ordini precompilati']);
    await viewer.page.goto('/console/ordini?q=' + encodeURIComponent(orderNumber));
    await viewer.page.getByRole('link', { name: orderNumber }).click();
    await expect(viewer.page.getByRole('heading', { level: 1, name: `Ordine ${orderNumber}` })).toBeVisible();
    await expect(viewer.page.getByText('I dati personali sono nascosti.')).toBeVisible();
    await expect(viewer.page.getByRole('region', { name: 'Dati del cliente' })).not.toContainText(customerEmail);
    await expect(viewer.page.getByRole('button', { name: /^Passa a/ })).toHaveCount(0);
    await expect(viewer.page.getByLabel('Aggiungi una nota interna')).toHaveCount(0);
    await expect(viewer.page.getByRole('link', { name: /carta-nitida\.png/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(viewer.page, 'console order page, masked');
    await shoot(viewer.page, 'console-order-page-masked');
    await viewer.page.getByRole('button', { name: 'Mostra dati personali' }).click();
    // A viewer says why, and the reason is kept with the audit record.
    const reveal = viewer.page.getByRole('dialog');
    await reveal.getByRole('button', { name: 'Mostra i dati' }).click();
    await expect(reveal.getByLabel('Motivo della consultazione')).toHaveAttribute('aria-invalid', 'true');
    await reveal.getByLabel('Motivo della consultazione').fill('Richiesta del cliente al telefono');
    await reveal.getByRole('button', { name: 'Mostra i dati' }).click();
    await expect(viewer.page.getByRole('region', { name: 'Dati del cliente' })).toContainText(customerEmail);

    // ——— The audit log shows what happened ———
    await admin.page.getByRole('navigation', { name: 'Sezioni della console' }).getByRole('link', { name: 'Registro attività' }).click();
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Registro attività' })).toBeVisible();
    const table = admin.page.getByRole('table', { name: 'Voci del registro attività' });
    for (const action of ['Documento rifiutato', 'Documento approvato', 'Stato dell’ordine cambiato', 'Dati personali mostrati']) {
      await expect(table.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
    }
    await expectNoSeriousA11yViolations(admin.page, 'console audit log');
    await shoot(admin.page, 'console-audit-log');

    // ——— Sign out everywhere ———
    bo.page.once('dialog', (d) => void d.accept());
    await bo.page.getByRole('button', { name: 'Esci da tutti i dispositivi' }).click();
    await expect(bo.page.getByText('Sei uscito dalla console su tutti i dispositivi.')).toBeVisible();

    for (const op of [admin, bo, viewer]) await closeOperator(op);
  });
});
