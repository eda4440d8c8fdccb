/**
 * The bare server the engine bench compares the service's CPU per request with: a plain node:http server
 * that reads each request's body, parses it as JSON and answers the fixed status and JSON text it was
 * given for that path (the service's own answer to an open or a sync, the same bytes). No routing beyond
 * the path, no credential, no database: what answering that JSON costs in node here.
 * Run by cpu-per-request.ts as its own process with BARE_JSON_ANSWERS = {"<path>": {"status", "body"}};
 * prints its port on stdout.
 */
import http from 'node:http';

const answers = JSON.parse(process.env.BARE_JSON_ANSWERS ?? '{}') as Record<string, { status: number; body: string }>;

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const answer = answers[req.url ?? ''];
    try {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(answer.body),
    });
    res.end(answer.body);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as { port: number }).port}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
