import { describe, expect, it } from 'vitest';
import { displayNameProblem } from './display-name.js';

describe('displayNameProblem', () => {
  it('takes short names of letters, digits, space, _ - .', () => {
    for (const name of ['Ann', 'lucky_7', 'Mr. Bean', 'José-María', 'ÅSA.99', 'a'.repeat(24), 'Zoë 2024'])
      expect(displayNameProblem(name), name).toBeNull();
  });

  it('refuses other lengths and characters', () => {
    for (const name of ['ab', 'a'.repeat(25), 'ann!', 'a@b', '<b>x</b>', 'tab\there', ' lead', 'two  spaces'])
      expect(displayNameProblem(name), name).not.toBeNull();
  });

  it('refuses what reads as an e-mail address or a phone number', () => {
    for (const name of [
      'ann at mail.com',
      'ann.smith.gmail.com',
      'bob dot mail dot com',
      '555 123 4567',
      '+44 20-7946.0958',
    ])
      expect(displayNameProblem(name), name).not.toBeNull();
    expect(displayNameProblem('bob dot mail dot com')).not.toBeNull();
  });
});
