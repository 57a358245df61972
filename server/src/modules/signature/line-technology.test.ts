import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect, testConfig } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { injectCall } from '../../../test/support/inject-client';
import { demoAddressId } from '../../../test/support/test-coverage';
import { catalogModule } from '../catalog';
import { createOrdersModule, getOrderForSignature, priceOrderContent } from '../orders';
import { buildContractData, buildSummaryFacts } from './contract-data';

/*
 * The contract names the technology of the order's line as the coverage data knows it: an FTTC-only offer
 * at an address that also has FTTH is signed as FTTC, whatever the request said (a request that says FTTH
 * is refused, so it never reaches the contract).
 */

const NOW = new Date('2026-03-01T10:00:00Z');
const VIA_ROMA_1 = demoAddressId(1); // FTTH 10 Gbit/s and FTTC at 120 m
const FTTC_OFFER = 104;

describeEachDialect('the contract\'s technology is the line\'s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { coverage: true, modules: [catalogModule, createOrdersModule({ now: () => NOW })] });
  });
  afterAll(async () => t.close());

  it('prints FTTC for the FTTC offer at an address with FTTH too, and a request that says FTTH never gets there', async () => {
    const claimed = await injectCall(t.app, (c) => c.newOrder({ offer_id: FTTC_OFFER, id_egon_civico: VIA_ROMA_1, technology: 'FTTH' }));
    expect(claimed.status).toBe(422);
    expect(claimed.body.error?.rules).toEqual({ technology: 'coverage_mismatch' });

    // As the browser sends it: the coverage check's suggestion (FTTH) left out, the server states the line.
    const created = await injectCall(t.app, (c) => c.newOrder({ offer_id: FTTC_OFFER, id_egon_civico: VIA_ROMA_1 }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const order = await getOrderForSignature(t.db, created.body.data!.hash as string);
    const content = await priceOrderContent(t.db, order.offer_id, order.customer_type, order.fields, NOW);
    const contract = buildContractData({ order, priced: content.priced, offer: content.offer, mobile: '', config: testConfig() });
    expect(contract.technology).toBe('FTTC');
    expect(buildSummaryFacts({ order, content, config: testConfig() }).technologyWording).toMatch(/FTTC/);
  });
});
