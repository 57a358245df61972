import { describe, expect, it } from 'vitest';
import { identityShortfall, missingDocuments, neededDocuments } from './needed-documents';
import type { KnownUpload } from './needed-documents';

const png = (kind: KnownUpload['kind'], filename = 'foto.png'): KnownUpload => ({ kind, filename, mime: 'image/png' });
const pdf = (kind: KnownUpload['kind'], filename = 'scansione.pdf'): KnownUpload => ({ kind, filename, mime: 'application/pdf' });

describe('missingDocuments', () => {
  it.each<[string, KnownUpload[], string[]]>([
    ['nothing uploaded', [], ['identity_front', 'identity_back', 'health_card']],
    ['one identity image: the back is missing', [png('identity_document')], ['identity_back', 'health_card']],
    ['two identity images: front and back', [png('identity_document'), png('identity_document')], ['health_card']],
    ['one identity PDF holds both sides', [pdf('identity_document')], ['health_card']],
    ['a file named .pdf that the server found to be a PNG is one side', [png('identity_document', 'carta.pdf')], ['identity_back', 'health_card']],
    ['without the server type, the name decides', [{ kind: 'identity_document', filename: 'CARTA.PDF' }], ['health_card']],
    ['the health card alone', [png('health_card')], ['identity_front', 'identity_back']],
    ['two health-card files cover no side of the identity document', [png('health_card'), png('health_card')], ['identity_front', 'identity_back']],
    ['other files cover nothing', [pdf('other'), png('other')], ['identity_front', 'identity_back', 'health_card']],
    ['everything', [png('identity_document'), png('identity_document'), pdf('health_card')], []],
  ])('%s', (_name, uploads, missing) => {
    expect(missingDocuments(uploads)).toEqual(missing);
  });
});

describe('neededDocuments', () => {
  it('lists every needed document in the page order, with what is done', () => {
    expect(neededDocuments([png('identity_document')])).toEqual([
      { need: 'identity_front', done: true },
      { need: 'identity_back', done: false },
      { need: 'health_card', done: false },
    ]);
  });
});

describe('a passport', () => {
  it('has one side: one image covers the identity document', () => {
    expect(missingDocuments([png('identity_document')], 'passaporto')).toEqual(['health_card']);
    expect(neededDocuments([], 'passaporto').map((i) => i.need)).toEqual(['identity_front', 'health_card']);
  });
});

describe('identityShortfall: what keeps the signer from being identified', () => {
  it.each<[string, KnownUpload[], 'carta_identita' | 'patente' | 'passaporto' | undefined, string | null]>([
    ['nothing uploaded', [], 'carta_identita', 'identity_front'],
    ['an identity card with its front only', [png('identity_document')], 'carta_identita', 'identity_back'],
    ['a driving licence with its front only', [png('identity_document')], 'patente', 'identity_back'],
    ['an identity card, front and back', [png('identity_document'), png('identity_document')], 'carta_identita', null],
    ['an identity card as one PDF', [pdf('identity_document')], 'carta_identita', null],
    ['a passport, one image', [png('identity_document')], 'passaporto', null],
    ['the health card does not identify', [png('health_card'), png('health_card')], 'passaporto', 'identity_front'],
    ['without the health card the identity is still complete', [png('identity_document'), png('identity_document')], undefined, null],
  ])('%s', (_name, uploads, type, shortfall) => {
    expect(identityShortfall(uploads, type)).toBe(shortfall);
  });
});
