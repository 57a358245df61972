import { describe, expect, it } from 'vitest';
import { normaliseName, tokens } from './normalise';

// The comuni and street searches compare normalised text: accents, case and apostrophes must not matter.
describe('search normalisation', () => {
  it.each([
    ['Forlì', 'forli'],
    ['FORLÌ', 'forli'],
    ["Sant'Angelo Lodigiano", 'sant angelo lodigiano'],
    ['Sant’Angelo', 'sant angelo'],
    ['Reggio nell’Emilia', 'reggio nell emilia'],
    ['  Bolzano/Bozen ', 'bolzano bozen'],
    ['Castelnuovo-Don Bosco', 'castelnuovo don bosco'],
    ['Città di Castello', 'citta di castello'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseName(input)).toBe(expected);
  });

  it('splits into words', () => {
    expect(tokens(normaliseName("Sant'Angelo a Cupolo"))).toEqual(['sant', 'angelo', 'a', 'cupolo']);
  });
});
