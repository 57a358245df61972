import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import italian from '../locales/it.json';
import { Trans, createTranslator, translator, type TOptions } from './translation';

// The library the app used before, as the oracle: the same text must come out for the same call.
const reference = i18next.createInstance();
await reference.init({
  lng: 'it', fallbackLng: 'it', resources: { it: { translation: italian } }, initAsync: false,
  interpolation: { escapeValue: false }, returnNull: false, showSupportNotice: false,
});
const ours = createTranslator('it', italian as Record<string, unknown>);

const leafKeys = (tree: unknown, prefix = ''): string[] =>
  typeof tree === 'object' && tree !== null && !Array.isArray(tree)
    ? Object.entries(tree).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k))
    : typeof tree === 'string' ? [prefix] : [];

const VALUES: Omit<TOptions, 'returnObjects'> = { promo: 'ESTATE', code: 'A1', step: 3, recipient: 'Fibra Viva', name: 'Maria', brand: 'Fibra Viva', count: 2 };

describe('translator: the same text as i18next', () => {
  const keys = leafKeys(italian);

  it('every string of it.json, with and without values', () => {
    expect(keys.length).toBeGreaterThan(500);
    for (const key of keys) {
      expect(ours.t(key), key).toBe(reference.t(key));
      expect(ours.t(key, VALUES), key).toBe(reference.t(key, VALUES));
    }
  });

  it('plural keys by count (0, 1, 2, 21)', () => {
    const plural = [...new Set(keys.filter((k) => /_(one|other|zero)$/.test(k)).map((k) => k.replace(/_(one|other|zero)$/, '')))];
    expect(plural.length).toBeGreaterThan(0);
    for (const key of plural) for (const count of [0, 1, 2, 21]) expect(ours.t(key, { count }), `${key} ${count}`).toBe(reference.t(key, { count }));
  });

  it('returnObjects, with values inside the objects', () => {
    const sections = ['fea.page.sections', 'fea.conditions', 'signature.terms.clauses', 'signature.withdrawal.paragraphs', 'signature.withdrawal.formLines'];
    for (const key of sections) {
      expect(ours.t(key, { returnObjects: true, recipient: 'ACME' }), key).toEqual(reference.t(key, { returnObjects: true, recipient: 'ACME' }));
    }
  });

  it('missing keys, defaultValue, variables passed as undefined or not at all', () => {
    expect(ours.t('no.such.key')).toBe(reference.t('no.such.key'));
    expect(ours.t('no.such.key', { defaultValue: 'x {{a}}', a: 1 })).toBe(reference.t('no.such.key', { defaultValue: 'x {{a}}', a: 1 }));
    expect(ours.t('no.such.key', { defaultValue: '' })).toBe(reference.t('no.such.key', { defaultValue: '' }));
    const probe = createTranslator('it', { s: 'a {{x}} b {{y}} c {{z}}' });
    const probeRef = i18next.createInstance();
    void probeRef.init({ lng: 'it', resources: { it: { translation: { s: 'a {{x}} b {{y}} c {{z}}' } } }, initAsync: false, interpolation: { escapeValue: false }, showSupportNotice: false });
    expect(probe.t('s', { x: undefined, y: null })).toBe(probeRef.t('s', { x: undefined, y: null }));
    expect(probe.t('s', { x: 0, y: false, z: 'z' })).toBe(probeRef.t('s', { x: 0, y: false, z: 'z' }));
  });
});

describe('translator: resources added later', () => {
  it('merges sections and keeps what is there unless told to overwrite', () => {
    const t = createTranslator('it', { kit: { a: 'A' } });
    t.addResources({ kit: { a: 'changed', b: 'B' }, other: { c: 'C' } });
    expect([t.t('kit.a'), t.t('kit.b'), t.t('other.c')]).toEqual(['A', 'B', 'C']);
    t.addResources({ kit: { a: 'changed' } }, true);
    expect(t.t('kit.a')).toBe('changed');
  });
});

describe('Trans', () => {
  it('renders named tags with the given elements around their text', () => {
    translator.addResources({ transProbe: { label: 'Accetto le <text>condizioni</text> del {{brand}}.' } });
    const { container } = render(<Trans i18nKey="transProbe.label" values={{ brand: 'servizio' }} components={{ text: <a href="#c" /> }} />);
    expect(container.innerHTML).toBe('Accetto le <a href="#c">condizioni</a> del servizio.');
  });
});
