import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { checkCoverage, continueFromOffer, signFromStep1, uniqueEmail } from './checkout-journey';
import { closeOperator, operatorFromCli, shoot } from './console';
import { AUDIT_ACTIONS } from '../../packages/contract/src/console/schemas';
import { CONSOLE_ORDER_STATUSES } from '../../packages/contract/src/console/workflow';
import { DOCUMENT_KINDS } from '../../packages/contract/src/schemas/order';

/*
 * A supervisor reads the console as a person would: operators by name, orders by number, every action,
 * status, document kind and lead type in Italian. The back office moves a signed order on; the admin finds
 * the move in the audit log by the order's number and exports it; then every console screen's visible
 * text is read for internal ids (UUIDs) and the codes the server uses (English state names, action
 * codes, document kinds, lead types).
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** Codes that are words only to the code: a screen saying one has skipped its label. */
const CODES = [...new Set([...CONSOLE_ORDER_STATUSES, ...AUDIT_ACTIONS, ...DOCUMENT_KINDS, 'no-coverage', 'address-not-found', 'no-offer'])];
// Whole words only ("active" inside "inactive" is not a code, and `signed` inside a sentence is English anyway).
const CODE = new RegExp(`(?<![\\w-])(${CODES.map((c) => c.replace(/[-_]/g, (m) => `\\${m}`)).join('|')})(?![\\w-])`);

/** The screen's visible text (what a person reads; not attributes, not hidden inputs) has no id and no code. */
async function expectPlainWords(page: Page, screen: string): Promise<void> {
  await expect(page.getByText('Caricamento…')).toHaveCount(0);
  const text = await page.locator('body').innerText();
  expect(text, `${screen}: an internal id on screen`).not.toMatch(UUID);
  expect(CODE.exec(text)?.[0] ?? null, `${screen}: a code on screen instead of its words`).toBeNull();
}

test.describe('a supervisor reads the console', () => {
  test('the audit log names the operator, the order by its number and the move in Italian; no console screen shows an id or a code', async ({ page, browser, baseURL }) => {
    test.setTimeout(300_000);
    const customerEmail = uniqueEmail('registro.cliente');
    const orderNumber = await test.step('a visitor signs an order with an identity document', async () => {
      await checkCoverage(page, 'Privato');
      await page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true }).check();
      await continueFromOffer(page);
      return signFromStep1(page, { email: customerEmail, mobile: '3334445577', documentName: 'carta.png', earlyActivation: true });
    });
    // A request for an offer from an address with no coverage, as the lead form sends it.
    const lead = await page.request.post('/api/leads/new', {
      data: { api_key: 'demo-public-key', nome: 'Lucia', cognome: 'Contatto', email: uniqueEmail('contatto'), numero_telefono: '3331234567', comune: 'Roma', request_type: 'no-coverage' },
    });
    expect(lead.status()).toBe(200);
    const leadId = ((await lead.json()) as { data: { id: string } }).data.id;

    // ——— The back office moves the order on from its page ———
    const bo = await operatorFromCli(browser, baseURL, 'backoffice', 'Bruno Back');
    await bo.page.goto(`/console/ordini?q=${encodeURIComponent(orderNumber)}`);
    await bo.page.getByRole('link', { name: orderNumber }).click();
    await expect(bo.page.getByRole('heading', { level: 1, name: `Ordine ${orderNumber}` })).toBeVisible();
    for (const to of ['In verifica', 'Verificato']) {
      await bo.page.getByRole('button', { name: `Passa a «${to}»` }).click();
      const dialog = bo.page.getByRole('dialog', { name: `Conferma: ${to}` });
      await dialog.getByRole('button', { name: 'Conferma' }).click();
      await expect(dialog).toBeHidden();
      await expect(bo.page.locator('h1 + .badge')).toHaveText(to);
    }
    const timeline = bo.page.getByRole('region', { name: 'Cronologia' });
    await expect(timeline).toContainText('In verifica → Verificato');
    await expect(timeline).toContainText('Documento caricato: Documento d’identità');
    await expect(bo.page.getByRole('region', { name: 'Documenti' })).toContainText('Documento d’identità');
    await timeline.scrollIntoViewIfNeeded();
    await shoot(bo.page, 'console-order-timeline');

    // ——— The admin reads the move in the audit log, by the order's number ———
    const admin = await operatorFromCli(browser, baseURL, 'admin', 'Anna Admin');
    await admin.page.getByRole('navigation', { name: 'Sezioni della console' }).getByRole('link', { name: 'Registro attività' }).click();
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Registro attività' })).toBeVisible();
    await admin.page.getByLabel('Numero d’ordine').fill(orderNumber.toLowerCase());
    await admin.page.getByLabel('Azione').selectOption({ label: 'Stato dell’ordine cambiato' });
    await admin.page.getByLabel('Operatore').selectOption({ label: `Bruno Back (${bo.email})` });
    await admin.page.getByRole('button', { name: 'Filtra' }).click();
    const table = admin.page.getByRole('table', { name: 'Voci del registro attività' });
    await expect(admin.page.getByText('2 voci', { exact: true })).toBeVisible();
    const move = table.getByRole('row').filter({ hasText: 'Da: In verifica · A: Verificato · Eseguito da: un operatore' });
    await expect(move).toHaveCount(1);
    await expect(move.getByRole('cell').nth(1)).toContainText('Bruno Back');
    await expect(move.getByRole('cell').nth(2)).toHaveText('Stato dell’ordine cambiato');
    await expect(move.getByRole('link', { name: `Ordine ${orderNumber}` })).toBeVisible();
    await expectNoSeriousA11yViolations(admin.page, 'console audit log, filtered');
    await expectPlainWords(admin.page, 'audit log, filtered');
    await shoot(admin.page, 'console-audit-log-filtered');

    // The CSV holds the same rows in the same words; the export is itself in the log.
    const csv = await admin.page.request.get((await admin.page.getByRole('link', { name: 'Esporta CSV' }).getAttribute('href')) ?? '');
    expect(csv.status()).toBe(200);
    const rows = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(`;Bruno Back;${bo.email};Stato dell’ordine cambiato;Ordine;${orderNumber};Da: In verifica · A: Verificato · Eseguito da: un operatore;`);
    expect(await csv.text()).not.toMatch(UUID);
    await admin.page.goto('/console/registro');
    await expect(table.locator('tbody tr').first().getByRole('cell').nth(2)).toHaveText('Registro attività esportato');

    // ——— Every console screen, read for ids and codes ———
    const nav = admin.page.getByRole('navigation', { name: 'Sezioni della console' });
    await expectPlainWords(admin.page, 'audit log');
    await shoot(admin.page, 'console-audit-log-all');
    for (const [link, heading] of [
      ['Ordini', 'Ordini'], ['Verifica documenti', 'Verifica documenti'], ['Contatti', 'Contatti'], ['Ordini precompilati', 'Ordini precompilati'],
      ['Ordini mobile', 'Ordini mobile'], ['File di riferimento', 'Copertura e codici ATECO'], ['Privacy', 'Privacy: dati di un cliente'], ['Operatori', 'Operatori'],
    ] as const) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await expect(admin.page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectPlainWords(admin.page, link);
    }
    // Other specs enrol operators of the same name in the shared database: this one is told by its email.
    await expect(admin.page.getByRole('row').filter({ hasText: bo.email })).toContainText('Bruno Back');
    // The order's page with its timeline and its events.
    await admin.page.goto(`/console/ordini?q=${encodeURIComponent(orderNumber)}`);
    await admin.page.getByRole('link', { name: orderNumber }).click();
    await expect(admin.page.getByRole('heading', { level: 1, name: `Ordine ${orderNumber}` })).toBeVisible();
    await expect(admin.page.getByRole('region', { name: 'Eventi e messaggi' })).toContainText('Stato cambiato');
    await expectPlainWords(admin.page, 'order page');
    // The lead asked from an address with no coverage: its type in words, in the list and on its page.
    await nav.getByRole('link', { name: 'Contatti', exact: true }).click();
    await expect(admin.page.getByRole('row').filter({ has: admin.page.locator(`a[href="/console/contatti/${leadId}"]`) })).toContainText('Indirizzo non coperto');
    await admin.page.locator(`a[href="/console/contatti/${leadId}"]`).click();
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Contatto: Lucia Contatto' })).toBeVisible();
    await expect(admin.page.getByText('Indirizzo non coperto', { exact: true })).toBeVisible();
    await expectPlainWords(admin.page, 'lead page');

    for (const op of [admin, bo]) await closeOperator(op);
  });
});
