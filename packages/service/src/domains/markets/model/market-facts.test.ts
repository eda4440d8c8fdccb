import { describe, expect, it } from 'vitest';
import { looksLikeUrl, resolutionSourceProblem } from './market-facts.js';

describe('looksLikeUrl', () => {
  it('takes a scheme with // for a link, whatever the scheme or its case', () => {
    for (const text of [
      'https://example.org',
      'http://example.org',
      'HTTPS://EXAMPLE.ORG',
      'ftp://files',
      'x+y.z-1://a',
    ]) {
      expect(looksLikeUrl(text), text).toBe(true);
    }
  });

  it('takes the schemes a browser runs without // for links too', () => {
    for (const text of ['javascript:alert(1)', 'JavaScript:void 0', 'data:text/html,hi', 'vbscript:x', 'file:/etc']) {
      expect(looksLikeUrl(text), text).toBe(true);
    }
  });

  it('leaves text alone, a link inside it or a word before a colon included', () => {
    for (const text of [
      'Official results of the city council',
      'Reuters: final results',
      'AP, https://apnews.com',
      'www.example.org',
      '//example.org',
      'mailto:results@example.org',
      '1://x',
    ]) {
      expect(looksLikeUrl(text), text).toBe(false);
    }
  });
});

describe('resolutionSourceProblem', () => {
  it('keeps text and https URLs', () => {
    for (const text of [
      'The city council, official results',
      'https://www.example.org/results?year=2026#final',
      'HTTPS://example.org',
      'https://例え.jp/結果',
      'https://example.org:8443/a',
    ]) {
      expect(resolutionSourceProblem(text), text).toBeNull();
    }
  });

  it('refuses another scheme, naming it', () => {
    expect(resolutionSourceProblem('http://example.org')).toBe(
      'is a URL with the http scheme; a URL must start with https://',
    );
    expect(resolutionSourceProblem('FTP://example.org')).toContain('the ftp scheme');
    expect(resolutionSourceProblem('javascript:alert(1)')).toContain('the javascript scheme');
    expect(resolutionSourceProblem('data:text/html,x')).toContain('must start with https://');
  });

  it('refuses an https URL with spaces, without a host, unparsable, or with credentials', () => {
    expect(resolutionSourceProblem('https://example.org/results and more')).toContain('has spaces');
    expect(resolutionSourceProblem('https://')).toContain('not a URL');
    expect(resolutionSourceProblem('https://exa mple.org')).toContain('has spaces');
    expect(resolutionSourceProblem('https://[::1')).toContain('not a URL');
    expect(resolutionSourceProblem('https://user:secret@example.org')).toContain('user name or password');
    expect(resolutionSourceProblem('https://user@example.org')).toContain('user name or password');
  });
});
