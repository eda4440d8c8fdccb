import { describe, expect, it } from 'vitest';
import { changeEntries, priceEntries, spoken } from './chart-summary.js';
import { formatsFor } from './format.js';
import de from './i18n/de.js';
import en from './i18n/en.js';
import { textsOf } from './i18n/index.js';

const data = {
  times: [0, 1, 2],
  series: [
    { id: 'y', title: 'Yes', values: [0.44, 0.47, 0.49] },
    { id: 'n', title: 'No', values: [0.56, 0.53, 0.51] },
    { id: 'd', title: 'Draw', values: [0.2, 0.25, 0.2] },
  ],
};

describe('the chart in words', () => {
  it('says each price now and its change over the range', () => {
    expect(spoken(changeEntries(data, textsOf('en', en).t, formatsFor('en', null), 'en'))).toBe(
      'Yes 49%, up 5 points; No 51%, down 5 points; Draw 20%, unchanged',
    );
  });

  it('writes numbers in the locale', () => {
    const entries = changeEntries(
      { times: [0, 1], series: [{ id: 'y', title: 'Ja', values: [0.05, 0.075] }] },
      textsOf('de', de).t,
      formatsFor('de', null),
      'de',
    );
    expect(entries).toEqual(['Ja 7,5\u00a0%, plus 2,5 Punkte']);
  });

  it('says "point" for one point and "points" otherwise, in the locale', () => {
    const move = (to: number) => ({ times: [0, 1], series: [{ id: 'y', title: 'Yes', values: [0.5, to] }] });
    const en1 = (to: number) => changeEntries(move(to), textsOf('en', en).t, formatsFor('en', null), 'en')[0];
    expect(en1(0.51)).toBe('Yes 51%, up 1 point');
    expect(en1(0.49)).toBe('Yes 49%, down 1 point');
    expect(en1(0.515)).toBe('Yes 52%, up 1.5 points');
    expect(en1(0.52)).toBe('Yes 52%, up 2 points');
    const de1 = changeEntries(move(0.51), textsOf('de', de).t, formatsFor('de', null), 'de')[0];
    expect(de1).toBe('Yes 51\u00a0%, plus 1 Punkt');
  });

  it('reads the prices at one point', () => {
    expect(priceEntries(data, 1, formatsFor('en', null))).toEqual(['Yes 47%', 'No 53%', 'Draw 25%']);
  });
});
