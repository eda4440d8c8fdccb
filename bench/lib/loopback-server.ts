import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface LoopbackServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  base: string;
  /** Ends every connection, the held ones too, and stops listening. */
  close(): Promise<void>;
}

/**
 * An HTTP server on a free loopback port that hands each request, with its whole body, to `onRequest`:
 * the benches' webhook receivers, which differ only in what they answer and record.
 */
export async function serveOnLoopback(
  onRequest: (req: IncomingMessage, res: ServerResponse, raw: Buffer) => void,
): Promise<LoopbackServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => onRequest(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
