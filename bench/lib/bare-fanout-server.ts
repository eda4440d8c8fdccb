/**
 * The bare fan-out the stream bench compares the service with: a plain node:http server that holds event
 * streams and, on POST /fire, answers 204 and then writes one frame (the size of a snapshot event) to
 * every stream. No database, no routing, no JSON: what writing one event to N sockets costs here.
 * Run by bare-fanout.ts as its own process; prints its port on stdout.
 */
import http, { type ServerResponse } from 'node:http';

const streams = new Set<ServerResponse>();
const data = JSON.stringify({
  market_slug: 'bare-fanout',
  ts: new Date().toISOString(),
  outcomes: [
    { id: '00000000-0000-4000-8000-000000000001', price: '0.500000' },
    { id: '00000000-0000-4000-8000-000000000002', price: '0.500000' },
  ],
});
let id = 0;

const server = http.createServer((req, res) => {
  if (req.method === 'POST') {
    res.writeHead(204).end();
    setImmediate(() => {
      id += 1;
      const frame = `event: prices\nid: ${id}.0\ndata: ${data}\n\n`;
      for (const stream of streams) stream.write(frame);
    });
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(
    `: fresh\n\nevent: prices\nid: 0.0\ndata: ${data}\n\nevent: balance\nid: 0.0\ndata: {"balance":"1.00"}\n\n`,
  );
  streams.add(res);
  res.on('close', () => streams.delete(res));
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as { port: number }).port}\n`);
});
process.on('SIGTERM', () => {
  for (const stream of streams) stream.end();
  server.close(() => process.exit(0));
});
