import http from 'node:http';

/**
 * Realtime stream readers for the bench: one connection each (node:http, no pooling), keeping only what
 * the bench measures, the arrival time of every `prices` event.
 */
export interface StreamClient {
  /** performance.now() at the arrival of each `prices` event, in order (the first is the starting state). */
  prices: number[];
  /** Set once the server ended the stream or the connection dropped. */
  ended: boolean;
  close(): void;
}

/** Opens a stream of `market` for the session `token`, resolving once its starting state has arrived. */
export function openStreamClient(baseUrl: string, token: string, market: string): Promise<StreamClient> {
  return new Promise((resolve, reject) => {
    const client: StreamClient = { prices: [], ended: false, close: () => request.destroy() };
    const request = http.get(
      `${baseUrl}/v1/widget/stream?markets=${market}`,
      { agent: false, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`GET /v1/widget/stream: ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        let startedAt = false;
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (block.startsWith('event: prices\n')) client.prices.push(at);
            if (!startedAt && block.startsWith('event: balance\n')) {
              startedAt = true;
              resolve(client);
            }
          }
        });
        res.on('close', () => (client.ended = true));
      },
    );
    request.on('error', (error) => {
      client.ended = true;
      reject(error);
    });
  });
}

/** Opens `tokens.length` streams, `concurrency` connecting at a time. */
export async function openStreamClients(
  baseUrl: string,
  tokens: readonly string[],
  market: string,
  concurrency = 50,
): Promise<StreamClient[]> {
  const clients: StreamClient[] = new Array(tokens.length);
  let next = 0;
  const worker = async () => {
    while (next < tokens.length) {
      const i = next++;
      clients[i] = await openStreamClient(baseUrl, tokens[i]!, market);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tokens.length) }, worker));
  return clients;
}

/** The resident set size of a process in bytes, from /proc (Linux); NaN elsewhere. */
export async function rssOf(pid: number): Promise<number> {
  try {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return kb ? Number(kb[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
