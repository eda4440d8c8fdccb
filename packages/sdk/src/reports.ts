import { ApiError } from './errors.js';

/** A report's artifact as it arrives: read `body` as a stream (or `for await` its chunks), or `text()`. */
export interface ReportDownload {
  /** The artifact's bytes, plain (a gzip-encoded answer is inflated on the way). Read it once. */
  body: ReadableStream<Uint8Array>;
  /** `csv` or `json`, from the answer's Content-Type. */
  format: 'csv' | 'json';
  /** The file name the service suggests (Content-Disposition), e.g. `balances-<id>.csv`. */
  filename: string | null;
  /** The report's row count (X-Report-Rows). */
  rows: number | null;
  /** The chunks of `body`, for `for await (const chunk of download.chunks())`. */
  chunks(): AsyncIterable<Uint8Array>;
  /** The whole artifact as UTF-8 text (fine for a report that fits in memory; stream a large one). */
  text(): Promise<string>;
}

interface DownloadClient {
  GET(
    path: '/v1/reports/{id}/download',
    init: { params: { path: { id: string } }; parseAs: 'stream'; signal?: AbortSignal },
  ): Promise<{ data?: unknown; error?: ApiError; response: Response | null }>;
}

/** See OperatorClient.downloadReport. */
export async function downloadReport(
  client: DownloadClient,
  id: string,
  init: { signal?: AbortSignal } = {},
): Promise<
  | { data: ReportDownload; error?: never; response: Response }
  | { data?: never; error: ApiError; response: Response | null }
> {
  const result = await client.GET('/v1/reports/{id}/download', {
    params: { path: { id } },
    parseAs: 'stream',
    signal: init.signal,
  });
  if (result.error) return { error: result.error, response: result.response };
  const response = result.response!;
  const body = (result.data ?? new Response('').body) as ReadableStream<Uint8Array>;
  const type = response.headers.get('content-type') ?? '';
  const format = type.startsWith('text/csv') ? 'csv' : type.startsWith('application/json') ? 'json' : null;
  if (format === null) {
    await body.cancel();
    const message = `HTTP ${response.status} with a ${type || 'untyped'} body where a CSV or JSON report was expected`;
    const requestId = response.headers.get('x-request-id');
    return {
      error: new ApiError(response.status, 'unexpected_response', message, requestId, null, null, null),
      response,
    };
  }
  const disposition = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  const rows = response.headers.get('x-report-rows');
  const download: ReportDownload = {
    body,
    format,
    filename: disposition?.[1] ?? null,
    rows: rows === null ? null : Number(rows),
    chunks: () => body as unknown as AsyncIterable<Uint8Array>,
    text: () => new Response(body).text(),
  };
  return { data: download, response };
}
