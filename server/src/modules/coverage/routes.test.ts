import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { createInjectClient, expectRefusal } from '../../../test/support/inject-client';
import type { InjectClient } from '../../../test/support/inject-client';
import { DEMO_ADDRESSES, ROMA_ISTAT } from './demo-generator';

const egon = (n: number): string => DEMO_ADDRESSES.find((d) => d.number === n)!.id_egon_civico;

type Service = { technology: string; network: string; max_download: number; max_upload: number; cabinet_distance: number | null; available: boolean };

/** The coverage calls without path parameters, by the path tail the tests name them with. */
const CALL_BY_PATH = {
  '/list-address-advanced/': 'listAddressAdvanced',
  '/address-preview/': 'addressPreview',
  '/get-services-by-identifier/': 'getServicesByIdentifier',
  '/get-info-from-id-building-of/': 'getInfoFromIdBuildingOf',
  '/get-id-building-info/': 'getIdBuildingInfo',
  '/services/': 'services',
} as const;

describeEachDialect('coverage calls', (dialect) => {
  let t: TestApp;
  let api: InjectClient;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: true });
    api = createInjectClient(t.app);
  });
  afterAll(async () => t.close());

  /** A call named by its path, with a body its type may refuse (the server must refuse it too). */
  const callByPath = (path: keyof typeof CALL_BY_PATH, body: Record<string, unknown>): Promise<unknown> =>
    (api[CALL_BY_PATH[path]] as (body: unknown) => Promise<unknown>)(body);
  // Resolving means a 200 (the inject client checks it).
  const services = async (n: number, customerType: 'privato' | 'business' = 'privato') =>
    api.services({ id_egon_civico: egon(n), customer_type: customerType });
  const brief = (s: Service[]) => s.map((x) => `${x.technology} ${x.network} ${x.max_download}/${x.max_upload}${x.cabinet_distance === null ? '' : ` ${x.cabinet_distance}m`}${x.available ? '' : ' (non disponibile)'}`);

  it('list-address-advanced finds the demo street in order', async () => {
    const hits = await api.listAddressAdvanced({ address: 'via roma 1', id_comune: ROMA_ISTAT, third_party_coverage: true });
    expect(hits[0]).toMatchObject({ id_egon_civico: '0580910000001', street: 'Via Roma', number: '1', label: 'Via Roma 1, 00185 Roma (RM)' });
    expect(hits.map((h) => h.number).slice(0, 2)).toEqual(['1', '10']);
    const all = await api.listAddressAdvanced({ address: 'Roma', id_comune: ROMA_ISTAT });
    expect(all.slice(0, 10).map((h) => h.number)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });

  it('list-address-advanced answers the comune asked for, even when the same words were asked in another', async () => {
    const roma = await api.listAddressAdvanced({ address: 'via roma 1', id_comune: ROMA_ISTAT });
    const milano = await api.listAddressAdvanced({ address: 'via roma 1', id_comune: '015146' });
    expect(roma.length).toBeGreaterThan(0);
    expect(milano).not.toEqual(roma);
    expect(milano.every((a) => a.id_comune === '015146')).toBe(true);
  });

  it('FTTH on Open Fiber, cluster A (Via Roma 1)', async () => {
    const c = await services(1);
    expect(brief(c.services)).toEqual(['FTTH Open Fiber 10000/1000', 'FTTC FiberCop 100/20 120m']);
    expect(c.suggested_technology).toBe('FTTH');
    expect(c.openfiber_cluster).toBe('A');
    expect(c.offer_ids.length).toBeGreaterThan(0);
    expect(c.address).toMatchObject({ street: 'Via Roma', number: '1' });
  });

  it('FTTH on FiberCop has no Open Fiber cluster (Via Roma 2)', async () => {
    const c = await services(2);
    expect(brief(c.services)).toEqual(['FTTH FiberCop 1000/300', 'FTTC FiberCop 100/20 250m']);
    expect(c.suggested_technology).toBe('FTTH');
    expect(c.openfiber_cluster).toBeNull();
    expect(c.offer_ids.length).toBeGreaterThan(0);
  });

  it('sells only offers the fibre line carries: 2.5 and 10 Gbit/s at 10 Gbit/s (Via Roma 1), not at 1 Gbit/s (Via Roma 2)', async () => {
    const fast = await services(1);
    expect(fast.offer_ids).toEqual(expect.arrayContaining([101, 102, 103, 106]));
    const gigabit = await services(2);
    expect(gigabit.offer_ids).toEqual(expect.arrayContaining([101, 106, 104]));
    expect(gigabit.offer_ids).not.toContain(102);
    // FTTC is a "fino a" speed: the FTTC offer is sold at 900 m from the cabinet, its speed capped there.
    expect((await services(4)).offer_ids).toEqual([104]);
  });

  it.each([
    [7, 'B'], [8, 'C'], [9, 'D'],
  ])('FTTH on Open Fiber in other clusters (Via Roma %i: %s)', async (n, cluster) => {
    const c = await services(n);
    expect(c.suggested_technology).toBe('FTTH');
    expect(c.openfiber_cluster).toBe(cluster);
  });

  it('FTTC near and far from the cabinet (Via Roma 3 and 4)', async () => {
    const near = await services(3);
    expect(brief(near.services)).toEqual(['FTTC FiberCop 100/20 150m']);
    expect(near.suggested_technology).toBe('FTTC');
    expect(near.offer_ids.length).toBeGreaterThan(0);
    const far = await services(4);
    expect(brief(far.services)).toEqual(['FTTC FiberCop 30/3 900m']);
    expect(far.suggested_technology).toBe('FTTC');
    const business = await services(3, 'business');
    expect(business.offer_ids.length).toBeGreaterThan(0);
    expect(business.offer_ids).not.toEqual(near.offer_ids);
  });

  it('FWA only (Via Roma 5)', async () => {
    const c = await services(5);
    expect(brief(c.services)).toEqual(['FWA EOLO 100/20']);
    expect(c.suggested_technology).toBe('FWA');
    expect(c.openfiber_cluster).toBeNull();
    expect(c.offer_ids.length).toBeGreaterThan(0);
  });

  it('no coverage (Via Roma 6) and a planned building (Via Roma 10) sell nothing', async () => {
    const none = await services(6);
    expect(none.services).toEqual([]);
    expect(none.suggested_technology).toBeNull();
    expect(none.offer_ids).toEqual([]);
    const planned = await services(10);
    expect(brief(planned.services)).toEqual(['FTTH Open Fiber 1000/300 (non disponibile)']);
    expect(planned.suggested_technology).toBeNull();
    expect(planned.offer_ids).toEqual([]);
  });

  it('address-preview and get-services-by-identifier', async () => {
    const preview = await api.addressPreview({ id_egon_civico: egon(1) });
    const previewWire = api.lastAnswer().body;
    expect(preview).toEqual(await services(1));
    // On the wire too, not only after the schema's parse.
    expect(previewWire).toEqual(api.lastAnswer().body);
    const list = await api.getServicesByIdentifier({ id_egon_civico: egon(4) });
    expect(brief(list)).toEqual(['FTTC FiberCop 30/3 900m']);
    expect(await api.getServicesByIdentifier({ id_egon_civico: egon(6) })).toEqual([]);
  });

  it('building calls', async () => {
    const of = await api.getInfoFromIdBuildingOf({ id_building: 'OF058091000001' });
    expect(of).toMatchObject({ id_building: 'OF058091000001', network: 'Open Fiber', cluster: 'A', status: 'active' });
    expect(of.addresses.map((a) => a.id_egon_civico)).toEqual([egon(1)]);
    const planned = await api.getIdBuildingInfo({ id_building: 'OF058091000010' });
    expect(planned).toMatchObject({ status: 'planned', cluster: 'B' });
    // A FiberCop building: known to get-id-building-info, not an Open Fiber building.
    expect(await api.getIdBuildingInfo({ id_building: 'FC058091000002' })).toMatchObject({ network: 'FiberCop', cluster: null });
    const notOf = await expectRefusal(api.getInfoFromIdBuildingOf({ id_building: 'FC058091000002' }), api);
    expect(notOf.status).toBe(404);
    expect(notOf.body).toEqual({ result: false, error: { code: 'not_found', message: 'Edificio non trovato', request_id: expect.any(String) } });
  });

  it.each([
    ['/address-preview/'], ['/get-services-by-identifier/'], ['/services/'],
  ] as const)('%s: an unknown address is a 404 envelope', async (path) => {
    const { status, body } = await expectRefusal(callByPath(path, { id_egon_civico: 'NON-ESISTE' }), api);
    expect(status).toBe(404);
    expect(body).toEqual({ result: false, error: { code: 'not_found', message: 'Indirizzo non trovato', request_id: expect.any(String) } });
  });

  it.each([
    ['/list-address-advanced/', { address: 'via roma', id_comune: '58091' }, 'id_comune'],
    ['/list-address-advanced/', { address: '', id_comune: ROMA_ISTAT }, 'address'],
    ['/list-address-advanced/', { id_comune: ROMA_ISTAT }, 'address'],
    ['/services/', { id_egon_civico: egon(1), customer_type: 'azienda' }, 'customer_type'],
    ['/services/', {}, 'id_egon_civico'],
    ['/address-preview/', { id_egon_civico: 'x'.repeat(51) }, 'id_egon_civico'],
    ['/get-id-building-info/', { id_building: ' ' }, 'id_building'],
    ['/get-info-from-id-building-of/', { id_building: 42 }, 'id_building'],
  ] as const)('%s: bad input %j is a 422 on %s', async (path, payload, field) => {
    const { status, body } = await expectRefusal(callByPath(path, payload), api);
    expect(status).toBe(422);
    expect(body.result).toBe(false);
    expect(body.error.code).toBe('validation_error');
    expect(body.error.fields).toHaveProperty(field);
  });

  it('refuses a call without the api key', async () => {
    const keyless = createInjectClient(t.app, { apiKey: null });
    expect((await expectRefusal(keyless.services({ id_egon_civico: egon(1) }), keyless)).status).toBe(401);
  });
});
