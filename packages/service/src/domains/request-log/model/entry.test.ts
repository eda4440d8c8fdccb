import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cut,
  keptBodies,
  keptKey,
  keptPath,
  MAX_BODY_BYTES,
  MAX_KEPT_RAW_BYTES,
  REDACTED,
  redacted,
  urlHost,
} from './entry.js';

describe('what the request log keeps of a body', () => {
  it('replaces every credential field, however it is spelled, at any depth', () => {
    const sent = {
      webhook_secret: 'a',
      token: 'b',
      nested: [{ 'api-key': 'c', apiKey: 'd', private_key: 'e', credentials: { user: 'f' }, Authorization: 'g' }],
      session_id: 'h',
      cookie: 'i',
      password: 'j',
      amount: '12.50',
    };
    expect(redacted(sent)).toEqual({
      webhook_secret: REDACTED,
      token: REDACTED,
      nested: [
        {
          'api-key': REDACTED,
          apiKey: REDACTED,
          private_key: REDACTED,
          credentials: REDACTED,
          Authorization: REDACTED,
        },
      ],
      session_id: REDACTED,
      cookie: REDACTED,
      password: REDACTED,
      amount: '12.50',
    });
  });

  it('replaces a credential by its form under any name: our API keys and JWTs, even a bare string body', () => {
    expect(redacted({ note: 'pmk_live_abc123', other: 'eyJhbGciOi.eyJzdWIi.c2ln' })).toEqual({
      note: REDACTED,
      other: REDACTED,
    });
    expect(keptBodies({ request: '"pmk_sandbox_xyz"', response: null }).requestBody).toBe(JSON.stringify(REDACTED));
  });

  it('replaces a credential inside words, keeping the words: keys, webhook secrets, admin tokens, JWTs', () => {
    const ticket = {
      subject: 'Our webhook secret whsec_Ab3-x_Yz9 leaked?',
      body: 'I pasted our key by mistake: pmk_sandbox_J9igAAAABBBBCCCC. And the session eyJhbGci.eyJzdWIi.c2ln, the token pat_0123456789abcdefghij.',
    };
    const kept = JSON.parse(keptBodies({ request: JSON.stringify(ticket), response: null }).requestBody!);
    expect(kept).toEqual({
      subject: `Our webhook secret ${REDACTED} leaked?`,
      body: `I pasted our key by mistake: ${REDACTED}. And the session ${REDACTED}, the token ${REDACTED}.`,
    });
    // Words that merely look alike are kept.
    expect(redacted({ note: 'compat_layer_version_1234567890 spat_out' })).toEqual({
      note: 'compat_layer_version_1234567890 spat_out',
    });
  });

  it('keeps a body with nothing to redact as sent, and redacts one that spells a secret with escapes', () => {
    const sent = '{ "external_user_id": "u-1",\n  "amount": "12.50" }';
    expect(keptBodies({ request: sent, response: null }).requestBody).toBe(sent);
    const escaped = String.raw`{"\u0074oken": "t-123", "n\u006fte": "pmk\u005flive_abc", "hook_ur\u006c": "https://h.example/x?k=s"}`;
    expect(JSON.parse(keptBodies({ request: escaped, response: null }).requestBody!)).toEqual({
      token: REDACTED,
      note: REDACTED,
      hook_url: `https://h.example/${REDACTED}`,
    });
    const nested = '{"items": [{"URL": "https://h.example/a?k=1", "v": ["eyJa.eyJb.c"]}]}';
    expect(JSON.parse(keptBodies({ request: nested, response: null }).requestBody!)).toEqual({
      items: [{ URL: `https://h.example/${REDACTED}`, v: [REDACTED] }],
    });
    const secretWithSpaces = '{ "webhook_secret" : "whsec_1",  "url" : "https://h.example/a" }';
    expect(JSON.parse(keptBodies({ request: secretWithSpaces, response: null }).requestBody!)).toEqual({
      webhook_secret: REDACTED,
      url: `https://h.example/${REDACTED}`,
    });
  });

  it('keeps a body as sent only when redacting it would change nothing, whatever its spelling', () => {
    const word = fc.constantFrom(
      'note',
      'amount',
      'token',
      'Api-Key',
      'hook_url',
      'URL',
      'pmk_live_x',
      'eyJa.eyJb.c',
      'see whsec_1 here',
      'ok',
    );
    const text = fc.oneof(word, fc.string({ maxLength: 8 }));
    const value = fc.letrec((tie) => ({
      json: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.constant(null),
        fc.array(tie('json'), { maxLength: 3 }),
        fc.dictionary(text, tie('json'), { maxKeys: 3 }),
      ),
    })).json;
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 3 }), (sent, spelling) => {
        const raw = spelled(JSON.stringify(sent, null, spelling === 1 ? 2 : undefined), spelling);
        const kept = keptBodies({ request: raw, response: null }).requestBody!;
        if (kept === raw) expect(redacted(JSON.parse(raw))).toEqual(JSON.parse(raw));
        else expect(JSON.parse(kept)).toEqual(redacted(JSON.parse(raw)));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps a URL as its scheme and host only: its path, query or user part may carry a token', () => {
    expect(redacted({ webhook_url: 'https://user:pw@hooks.example.com/h?key=s3cret' })).toEqual({
      webhook_url: `https://hooks.example.com/${REDACTED}`,
    });
    expect(urlHost('https://hooks.example.com/')).toBe('https://hooks.example.com/');
    expect(urlHost('not a url')).toBe(REDACTED);
  });

  it("redacts a query's credential values in the path", () => {
    expect(keptPath('/v1/markets?limit=5&api_key=pmk_live_x&q=pmk_sandbox_y')).toBe(
      `/v1/markets?limit=5&api_key=${encodeURIComponent(REDACTED)}&q=${encodeURIComponent(REDACTED)}`,
    );
    expect(keptPath('/v1/markets')).toBe('/v1/markets');
    expect(keptPath('/v1/markets?q=key%20pmk_live_abc%20here')).toBe(
      `/v1/markets?q=key+${encodeURIComponent(REDACTED)}+here`,
    );
    // A key pasted into a path segment or an idempotency key is not kept either.
    expect(keptPath('/v1/users/pmk_live_abcdef?limit=1')).toBe(`/v1/users/${REDACTED}?limit=1`);
    expect(keptPath('/v1/users/pmk_live_abcdef')).toBe(`/v1/users/${REDACTED}`);
    expect(keptKey('deposit-whsec_abcdef')).toBe(`deposit-${REDACTED}`);
  });

  it('cuts at 16 KB on a character boundary, keeps only the size of a body that is not JSON or too large', () => {
    const long = JSON.stringify({ text: 'é'.repeat(MAX_BODY_BYTES) });
    const kept = cut(long);
    expect(Buffer.byteLength(kept.text)).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(long.startsWith(kept.text)).toBe(true);
    expect(kept.bytes).toBe(Buffer.byteLength(long));
    expect(keptBodies({ request: 'not json {', response: null })).toMatchObject({
      requestBody: null,
      requestBodyBytes: 10,
    });
    const huge = JSON.stringify({ x: 'a'.repeat(MAX_KEPT_RAW_BYTES) });
    expect(keptBodies({ request: huge, response: null })).toMatchObject({
      requestBody: null,
      requestBodyBytes: huge.length,
    });
  });
});

/**
 * The same JSON spelled another way: 2 writes every letter inside strings as a \u escape, 3 every other
 * one; 0 and 1 (indented) leave it as JSON.stringify wrote it.
 */
function spelled(json: string, spelling: number): string {
  if (spelling < 2) return json;
  let inString = false;
  let out = '';
  for (let i = 0; i < json.length; i++) {
    const c = json[i]!;
    if (c === '\\') {
      out += c + json[i + 1]!;
      i += 1;
      continue;
    }
    if (c === '"') inString = !inString;
    const escape = inString && /[a-z]/i.test(c) && (spelling === 2 || i % 2 === 0);
    out += escape ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}` : c;
  }
  return out;
}
