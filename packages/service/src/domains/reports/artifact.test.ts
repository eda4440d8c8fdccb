import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, writeArtifact, type ReportRow } from './artifact.js';

const header = {
  reportId: 'r-1',
  reportType: 'balances' as const,
  generatedAt: new Date('2026-06-01T00:00:00Z'),
  columns: ['external_user_id', 'note', 'balance'],
};

async function* rowsOf(list: ReportRow[]): AsyncGenerator<ReportRow> {
  yield* list;
}

async function written(list: ReportRow[], format: 'csv' | 'json') {
  const chunks: { seq: number; data: Buffer; rowsSoFar: bigint }[] = [];
  const done = await writeArtifact(rowsOf(list), format, header, async (seq, data, rowsSoFar) => {
    chunks.push({ seq, data, rowsSoFar });
  });
  const text = gunzipSync(Buffer.concat(chunks.map((c) => c.data))).toString('utf8');
  return { done, chunks, text };
}

describe('writeArtifact', () => {
  it('writes RFC 4180 CSV: header row, CRLF, quotes where needed, null as empty', async () => {
    const rows = [
      { external_user_id: 'a', note: 'has, comma', balance: '1.00' },
      { external_user_id: 'b', note: 'has "quotes"\r\nand a line break', balance: '0.00' },
      { external_user_id: 'c', note: null, balance: '-2.50' },
    ];
    const { done, text } = await written(rows, 'csv');
    expect(text).toBe(
      'external_user_id,note,balance\r\na,"has, comma",1.00\r\nb,"has ""quotes""\r\nand a line break",0.00\r\nc,,-2.50\r\n',
    );
    expect(parse(text, { columns: true })).toEqual(rows.map((r) => ({ ...r, note: r.note ?? '' })));
    expect(done).toEqual({ rowCount: 3n, byteSize: BigInt(Buffer.byteLength(text)) });
  });

  it('writes the JSON document, empty or not', async () => {
    const empty = await written([], 'json');
    expect(JSON.parse(empty.text)).toEqual({
      report_id: 'r-1',
      report_type: 'balances',
      generated_at: '2026-06-01T00:00:00.000Z',
      rows: [],
    });
    expect(empty.chunks).toHaveLength(1);
    const rows = [{ external_user_id: 'x', note: 'é ✓', balance: '3.00' }];
    expect(JSON.parse((await written(rows, 'json')).text).rows).toEqual(rows);
    expect((await written([], 'csv')).text).toBe('external_user_id,note,balance\r\n');
  });

  it('stores chunks of about CHUNK_BYTES in order, with the rows read so far', async () => {
    // Random text barely compresses, so this takes several chunks.
    const rows = Array.from({ length: 40_000 }, (_, i) => ({
      external_user_id: `u${i}`,
      note: randomBytes(48).toString('base64'),
      balance: `${i}.00`,
    }));
    const { done, chunks, text } = await written(rows, 'csv');
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.map((c) => c.seq)).toEqual(chunks.map((_, i) => i));
    for (const c of chunks.slice(0, -1)) expect(c.data.length).toBeGreaterThanOrEqual(CHUNK_BYTES);
    const progress = chunks.map((c) => c.rowsSoFar);
    expect(progress).toEqual([...progress].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(progress.at(-1)).toBe(40_000n);
    expect(done.rowCount).toBe(40_000n);
    expect(parse(text, { columns: true })).toEqual(rows);
  });
});
