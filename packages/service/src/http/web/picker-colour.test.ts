import { describe, expect, it } from 'vitest';
import { pickerColour } from './picker-colour.js';

describe('pickerColour', () => {
  it('shows every colour form of the contract as #rrggbb, alpha left out', () => {
    expect(pickerColour('#0AF')).toBe('#00aaff');
    expect(pickerColour('#2057d6')).toBe('#2057d6');
    expect(pickerColour('#2057d680')).toBe('#2057d6');
    expect(pickerColour('rgb(32, 87, 214)')).toBe('#2057d6');
    expect(pickerColour('rgba(32,87,214,0.5)')).toBe('#2057d6');
    expect(pickerColour('rgb(100% 0% 50% / 0.4)')).toBe('#ff0080');
    expect(pickerColour('hsl(120, 100%, 25%)')).toBe('#008000');
    expect(pickerColour('hsla(0deg 100% 50% / 50%)')).toBe('#ff0000');
    expect(pickerColour('hsl(-120, 100%, 50%)')).toBe('#0000ff');
  });

  it('says null for what a picker cannot show', () => {
    expect(pickerColour('')).toBeNull();
    expect(pickerColour('red')).toBeNull();
    expect(pickerColour('#12345')).toBeNull();
    expect(pickerColour('rgb(1, 2)')).toBeNull();
  });
});
