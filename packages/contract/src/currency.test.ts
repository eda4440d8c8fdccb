import { describe, expect, it } from 'vitest';
import { currencyProblem, isCurrencyCode, isCurrencyUnit } from './currency.js';

describe('display currency', () => {
  it('takes ISO 4217 codes Intl knows, in upper case', () => {
    for (const code of ['EUR', 'USD', 'JPY', 'GBP', 'BRL']) expect(isCurrencyCode(code), code).toBe(true);
    for (const bad of ['eur', 'EURO', 'EU', 'E1R', '']) expect(isCurrencyCode(bad), bad).toBe(false);
  });

  it('takes unit texts of 1 to 8 letters, digits or single spaces, in any script', () => {
    for (const unit of ['pts', 'P', 'coins', 'Punkte', '12345678', 'gold pts', 'نقاط', 'נקודות', 'ポイント', 'XYZ'])
      expect(isCurrencyUnit(unit), unit).toBe(true);
    for (const bad of [
      '',
      ' ',
      ' pts',
      'pts ',
      'a  b',
      '123456789',
      'pts.',
      '$',
      '€',
      '<b>',
      'a\u0000b',
      'a\nb',
      'pts\u202e',
      '\u2066pts',
      'p\u200bts',
      'a\u00a0b',
    ])
      expect(isCurrencyUnit(bad), JSON.stringify(bad)).toBe(false);
  });

  it('names the two kinds in its refusal and accepts either', () => {
    expect(currencyProblem('EUR')).toBeNull();
    expect(currencyProblem('pts')).toBeNull();
    expect(currencyProblem('€')).toMatch(/ISO 4217 code such as EUR or a unit text of 1 to 8/);
  });
});
