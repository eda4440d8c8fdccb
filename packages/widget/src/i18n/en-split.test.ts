import { describe, expect, it } from 'vitest';
import { EN_CORE } from './en-core.js';
import { EN_VIEWS, VIEW_PREFIXES } from './en-views.js';

const isViews = (key: string) => VIEW_PREFIXES.some((prefix) => key.startsWith(prefix));

describe('English, split between the bundle and the views chunk', () => {
  it('keeps every key of a later view in the chunk and every other key in the bundle', () => {
    expect(Object.keys(EN_CORE).filter(isViews)).toEqual([]);
    expect(Object.keys(EN_VIEWS).filter((key) => !isViews(key))).toEqual([]);
  });
});
