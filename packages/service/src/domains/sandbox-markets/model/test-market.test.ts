import { describe, expect, it } from 'vitest';
import { isSlug } from '../../markets/model/slug.js';
import { testMarketSlug } from './test-market.js';

describe('testMarketSlug', () => {
  it('prefixes, keeps the words of the title in a-z and 0-9 and ends with the random part', () => {
    expect(testMarketSlug('Will it rain in Zürich?', '0123456789')).toBe('sandbox-will-it-rain-in-zurich-0123456789');
    expect(testMarketSlug('¿¿??', 'abcdef0123')).toBe('sandbox-abcdef0123');
    expect(testMarketSlug('市场', 'abcdef0123')).toBe('sandbox-abcdef0123');
  });

  it('is always a slug, whatever the title', () => {
    for (const title of ['x'.repeat(200), '-a-', 'A--B', ' ', '9 to 5', 'ﬁnal'.repeat(30)]) {
      const slug = testMarketSlug(title, '0123abcdef');
      expect(isSlug(slug), slug).toBe(true);
      expect(slug).toMatch(/^sandbox-([a-z0-9]+(-[a-z0-9]+)*-)?[0-9a-f]{10}$/);
    }
  });
});
