import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import {
  expectContractPreview, expectSignedAndDownload, expectStep, fillIdentityDocument, fillPayment, identityList, identityUpload,
  reachPaymentStep, sendCodeAndRead, signWith, submitStep,
} from './checkout-journey';
import { closeOperator, operatorFromCli, shoot } from './console';

/*
 * A back-office operator judges an identity document on one screen: both sides of the card, zoomed and
 * turned, beside what the customer declared (document type, number, issuer, dates) and the order's names,
 * codice fiscale and birth date. Nothing is chosen for them: a decision sent without a choice is refused
 * next to the choice; an approval needs the four checks, and the ticks are stored with the decision.
 */

const MOBILE = '3334445588';
const CHECKS = ['Nomi uguali a quelli dell’ordine', 'Documento non scaduto', 'Documento leggibile', 'Foto presente'];

/** The two sides of a carta d'identità, drawn as a page and photographed: images a person would recognise. */
async function cardSides(browser: Browser): Promise<[Buffer, Buffer]> {
  const context = await browser.newContext({ viewport: { width: 700, height: 460 } });
  const page = await context.newPage();
  const card = (body: string) => `<!doctype html><html><body style="margin:0;background:#fff;font-family:sans-serif">
    <div id="card" style="width:640px;height:404px;margin:20px;border-radius:18px;background:linear-gradient(135deg,#dfe9f3,#c9d8c5);
      box-shadow:0 0 0 2px #7a8a99 inset;position:relative;color:#1d2b36">${body}</div></body></html>`;
  const sides: Buffer[] = [];
  for (const body of [
    `<div style="padding:18px 24px;font-weight:700;letter-spacing:1px">REPUBBLICA ITALIANA · CARTA D'IDENTITÀ</div>
     <div style="position:absolute;left:24px;top:70px;width:150px;height:190px;background:#8d9aa6;border-radius:6px">
       <div style="width:70px;height:70px;border-radius:50%;background:#d8c3a5;margin:30px auto 0"></div>
       <div style="width:120px;height:70px;border-radius:60px 60px 0 0;background:#44525e;margin:10px auto 0"></div></div>
     <div style="position:absolute;left:200px;top:70px;font-size:18px;line-height:1.7">
       COGNOME <b>ROSSI</b><br>NOME <b>MARIO</b><br>NATO IL <b>01/01/1980</b> A <b>ROMA (RM)</b><br>N. <b>CA12345AB</b></div>`,
    `<div style="padding:18px 24px;font-weight:700">CODICE FISCALE</div>
     <div style="position:absolute;left:24px;top:70px;font-size:22px;letter-spacing:3px"><b>RSSMRA80A01H501U</b></div>
     <div style="position:absolute;left:24px;top:130px;font-size:16px;line-height:1.7">RILASCIATA DAL COMUNE DI ROMA<br>INDIRIZZO VIA DEL CORSO 10</div>
     <div style="position:absolute;left:24px;bottom:30px;right:24px;height:40px;background:repeating-linear-gradient(90deg,#1d2b36 0 3px,transparent 3px 7px)"></div>`,
  ]) {
    await page.setContent(card(body));
    sides.push(await page.locator('#card').screenshot());
  }
  await context.close();
  return [sides[0]!, sides[1]!];
}

/** Mario Rossi's order to its signature, with the two sides above as his identity document; answers the order number. */
async function signWithCard(page: Page, [front, back]: [Buffer, Buffer]): Promise<string> {
  await reachPaymentStep(page, MOBILE);
  await fillPayment(page, { first: 'Mario', last: 'Rossi' }, 'IT60X0542811101000000123456');
  await submitStep(page);
  await expectStep(page, 5, 'Documento e riepilogo');
  await fillIdentityDocument(page, 'CA12345AB');
  for (const [name, buffer] of [['carta-fronte.png', front], ['carta-retro.png', back]] as const) {
    await identityUpload(page).setInputFiles({ name, mimeType: 'image/png', buffer });
    await expect(identityList(page).getByRole('listitem').filter({ hasText: name })).toBeVisible();
  }
  await submitStep(page, 'Vai alla firma');
  await expectContractPreview(page);
  await signWith(page, await sendCodeAndRead(page, /^Via SMS al numero/, MOBILE));
  await expectSignedAndDownload(page, { heading: 'Grazie Mario, il contratto è firmato!', mustContain: ['Mario Rossi'] });
  return (await page.getByTestId('thank-you').getByTestId('order-number').textContent())?.trim() ?? '';
}

test.describe('the document review on one screen', () => {
  test('an operator sees both sides beside the declared data, must pick a decision, and the checklist is stored with the approval', async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(240_000);
    const orderNumber = await test.step('a customer signs with both sides of the card', async () => signWithCard(page, await cardSides(browser)));

    const bo = await operatorFromCli(browser, baseURL, 'backoffice', `Rita Riscontro (${testInfo.project.name})`);
    const p = bo.page;
    await p.goto('/console/verifica');
    await p.getByRole('button', { name: `Prendi in carico l’ordine ${orderNumber}` }).click();
    await expect(p.getByRole('heading', { level: 1, name: `Verifica dell’ordine ${orderNumber}` })).toBeVisible();
    const orderId = decodeURIComponent(/\/console\/verifica\/([^/?#]+)/.exec(p.url())?.[1] ?? '');

    // ——— Both sides, loaded from the console's audited file call, beside the declared data ———
    const images = p.getByRole('img', { name: /^Documento d’identità del cliente: carta-(fronte|retro)\.png$/ });
    await expect(images).toHaveCount(2);
    for (const image of await images.all()) {
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 100)).toBe(true);
    }
    const declared = p.getByRole('region', { name: 'Dati dichiarati dal cliente' });
    for (const text of ['Mario', 'Rossi', 'RSSMRA80A01H501U', '01/01/1980', 'Carta d\'identità', 'CA12345AB', 'Comune di Roma', 'Roma (RM)']) {
      await expect(declared).toContainText(text);
    }
    const front = (await images.first().boundingBox())!;
    const data = (await declared.boundingBox())!;
    expect(front.x + front.width, 'the image is left of the declared data').toBeLessThanOrEqual(data.x + 1);
    expect(front.y < data.y + data.height && data.y < front.y + front.height, 'the image and the data side by side').toBe(true);

    // ——— Zoom and rotation act on the image in place ———
    const tools = p.getByRole('toolbar', { name: 'Strumenti per carta-fronte.png' });
    const frontImage = p.getByRole('img', { name: 'Documento d’identità del cliente: carta-fronte.png' });
    const width = async () => (await frontImage.boundingBox())!.width;
    const fitted = await width();
    await tools.getByRole('button', { name: 'Ingrandisci' }).click();
    await expect.poll(width).toBeGreaterThan(fitted * 1.4);
    await tools.getByRole('button', { name: 'Ruota di 90° in senso orario' }).click();
    await expect(tools).toContainText('150% · 90°');
    const turned = (await frontImage.boundingBox())!;
    expect(turned.height, 'turned a quarter: taller than wide').toBeGreaterThan(turned.width);
    await tools.getByRole('button', { name: 'Ruota di 90° in senso orario' }).click();
    await tools.getByRole('button', { name: 'Ruota di 90° in senso orario' }).click();
    await tools.getByRole('button', { name: 'Ruota di 90° in senso orario' }).click();
    await tools.getByRole('button', { name: 'Adatta' }).click();
    await expect(tools).toContainText('100%');
    await expect(tools).not.toContainText('°');

    await expectNoSeriousA11yViolations(p, 'console review on one screen').then((all) => expect(all.map((v) => v.id), 'axe: no violation at all').toEqual([]));
    await shoot(p, 'console-review');

    // ——— Nothing chosen: sending asks for the choice, next to it ———
    await expect(p.getByLabel('Approva il documento')).not.toBeChecked();
    await expect(p.getByLabel('Rifiuta il documento')).not.toBeChecked();
    await p.getByRole('button', { name: 'Registra la decisione' }).click();
    const choice = p.getByRole('group', { name: 'Esito' });
    await expect(choice).toContainText('Scegli se approvare o rifiutare il documento');
    await expect(p.getByLabel('Approva il documento')).toBeFocused();

    // ——— The keyboard: A chooses «Approva» (not while typing a note), the digits tick the checks ———
    const note = p.getByLabel('Nota per il cliente (facoltativa)');
    await note.fill('');
    await note.press('a');
    await expect(note).toHaveValue('a');
    await expect(p.getByLabel('Approva il documento')).not.toBeChecked();
    await note.fill('Confrontato con la foto del fronte');
    await note.blur();
    await p.keyboard.press('a');
    await expect(p.getByLabel('Approva il documento')).toBeChecked();
    await expect(p.getByRole('button', { name: 'Approva il documento' })).toBeFocused();
    for (const digit of ['1', '2', '3']) await p.keyboard.press(digit);
    // Three of four: an approval needs every check.
    await p.getByRole('button', { name: 'Approva il documento' }).press('Enter');
    await expect(p.getByRole('group', { name: 'Verifiche sul documento' })).toContainText('Per approvare, ogni verifica deve essere superata');
    await expect(p.getByLabel(CHECKS[3]!)).toBeFocused();
    await p.getByLabel(CHECKS[3]!).check();
    for (const check of CHECKS) await expect(p.getByLabel(check)).toBeChecked();
    await p.getByRole('button', { name: 'Approva il documento' }).click();
    await expect(p.getByRole('status').filter({ hasText: 'Decisione registrata' })).toBeVisible();

    // ——— The checklist is stored with the decision ———
    const res = await p.request.get(`/api/console/reviews/${encodeURIComponent(orderId)}`);
    expect(res.status()).toBe(200);
    const review = (await res.json()) as { data: { order: { status: string }; files: unknown[]; history: Array<{ decision: string; note: string | null; files: number; checklist: unknown }> } };
    expect(review.data.order.status).toBe('verified');
    expect(review.data.files).toEqual([]);
    expect(review.data.history).toEqual([expect.objectContaining({
      decision: 'approved', note: 'Confrontato con la foto del fronte', files: 2,
      checklist: { names_match: true, not_expired: true, readable: true, photo_present: true },
    })]);
    await closeOperator(bo);
  });
});
