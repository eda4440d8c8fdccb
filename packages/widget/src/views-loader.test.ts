import { describe, expect, it } from 'vitest';
import { viewsUrl } from './views-loader.js';

describe('viewsUrl', () => {
  it("takes the chunk of the bundle's own version, under its exact version path", () => {
    expect(viewsUrl('https://api.example.com/widget/v1', '1.4.2')).toBe(
      'https://api.example.com/widget/v1.4.2/views.js',
    );
    expect(viewsUrl('https://api.example.com/widget/v1.4.2', '1.4.2')).toBe(
      'https://api.example.com/widget/v1.4.2/views.js',
    );
  });

  it('looks beside a bundle served from anywhere else', () => {
    expect(viewsUrl('https://cdn.example.com/assets/pm', '1.4.2')).toBe('https://cdn.example.com/assets/pm/views.js');
  });
});
