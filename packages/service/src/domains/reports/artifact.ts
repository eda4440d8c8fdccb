import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { stringify } from 'csv-stringify';
import type { ReportFormat, ReportType } from '../../db/schema.js';

/** Compressed bytes per stored chunk: a download or a generation holds about one in memory. */
export const CHUNK_BYTES = 1024 * 1024;

export type ReportRow = Record<string, string | null>;

export interface ArtifactHeader {
  reportId: string;
  reportType: ReportType;
  generatedAt: Date;
  /** Field names in order: the CSV header row and each JSON row's keys. */
  columns: readonly string[];
}

export interface Written {
  rowCount: bigint;
  /** Bytes of the artifact as downloaded, before compression. */
  byteSize: bigint;
}

/**
 * Writes rows as the artifact: CSV (RFC 4180: a header row of the field names, CRLF, quotes where
 * needed) or JSON `{"report_id","report_type","generated_at","rows":[…]}`, gzip-compressed, handed to
 * `store` in chunks of about CHUNK_BYTES, in order, with the rows read so far (progress). Backpressure runs from `store` back to the row
 * source, so memory holds a chunk and a cursor batch however many rows there are.
 */
export async function writeArtifact(
  rows: AsyncIterable<ReportRow>,
  format: ReportFormat,
  header: ArtifactHeader,
  store: (seq: number, data: Buffer, rowsSoFar: bigint) => Promise<void>,
): Promise<Written> {
  let rowCount = 0n;
  let byteSize = 0n;
  const counted = async function* () {
    for await (const row of rows) {
      rowCount++;
      yield row;
    }
  };
  const coalesce = coalescer((bytes) => (byteSize += BigInt(bytes)));
  await pipeline(
    Readable.from(counted()),
    formatter(format, header),
    coalesce,
    createGzip(),
    chunker((seq, data) => store(seq, data, rowCount)),
  );
  return { rowCount, byteSize };
}

function formatter(format: ReportFormat, header: ArtifactHeader): Transform {
  if (format === 'csv') return stringify({ header: true, columns: [...header.columns], record_delimiter: 'windows' });
  return jsonFormatter(header);
}

/** The JSON document, written as it goes: the head, each row as it comes (comma-separated), the tail. */
function jsonFormatter(header: ArtifactHeader): Transform {
  const head =
    `{"report_id":${JSON.stringify(header.reportId)},"report_type":${JSON.stringify(header.reportType)},` +
    `"generated_at":${JSON.stringify(header.generatedAt.toISOString())},"rows":[`;
  let first = true;
  return new Transform({
    writableObjectMode: true,
    transform(row: ReportRow, _encoding, done) {
      const before = first ? head : ',';
      first = false;
      done(null, before + JSON.stringify(row));
    },
    flush(done) {
      done(null, (first ? head : '') + ']}');
    },
  });
}

/** Bytes handed to gzip at once: zlib works each write on the thread pool, so a write per row costs a trip there. */
const GZIP_WRITE_BYTES = 64 * 1024;

/** Joins the formatter's small pieces (one per row) into writes of about GZIP_WRITE_BYTES, counting the bytes. */
function coalescer(count: (bytes: number) => void): Transform {
  let pending: Buffer[] = [];
  let size = 0;
  const take = () => {
    const joined = Buffer.concat(pending, size);
    count(size);
    pending = [];
    size = 0;
    return joined;
  };
  return new Transform({
    transform(piece: Buffer | string, _encoding, done) {
      const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
      pending.push(bytes);
      size += bytes.length;
      done(null, size >= GZIP_WRITE_BYTES ? take() : undefined);
    },
    flush(done) {
      done(null, size > 0 ? take() : undefined);
    },
  });
}

/** Collects bytes into chunks of CHUNK_BYTES and stores each before taking more. */
function chunker(store: (seq: number, data: Buffer) => Promise<void>): Writable {
  let pending: Buffer[] = [];
  let size = 0;
  let seq = 0;
  const flush = async () => {
    if (size === 0 && seq > 0) return;
    const data = Buffer.concat(pending, size);
    pending = [];
    size = 0;
    await store(seq++, data);
  };
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      size += chunk.length;
      if (size < CHUNK_BYTES) return done();
      flush().then(() => done(), done);
    },
    final(done) {
      flush().then(() => done(), done);
    },
  });
}
