import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/*
 * Helpers of the side-flow journeys (issue 5): pre-made order, SIM activation, mobile porting,
 * request an offer, document upload, portability data.
 */

/** A required field's visible label reads '<name> *' (the star is hidden from the accessible name). */
export async function expectRequiredLabel(page: Page, name: string): Promise<void> {
  const label = page.locator('label').filter({ hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*$`) });
  await expect(label, `label '${name} *'`).toHaveCount(1);
  await expect(label).toBeVisible();
}

/**
 * A fresh order of the plain offer, created through the public API as the site does it, so each run
 * (and each project) works on an order of its own. Returns the order hash.
 */
export async function createOrderThroughApi(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/orders/new', {
    // At Via Roma 1 of the demo seed: an order is at an address the coverage data knows.
    data: { api_key: 'demo-public-key', offer_id: 101, id_egon_civico: '0580910000001', customer_type: 'privato', is_brand_customer: false },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { result: boolean; data: { hash?: string } };
  expect(body.result).toBe(true);
  const hash = body.data.hash ?? '';
  expect(hash).toMatch(/^[A-Za-z0-9_-]{24}$/);
  return hash;
}
