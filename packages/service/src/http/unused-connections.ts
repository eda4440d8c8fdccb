import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Closing a listener waits for its connections. Node closes the idle keep-alive ones, but not a
 * connection that opened and never sent a request: it stays "active", and the close waits until the
 * client drops it. Clients open such connections ahead of need: browsers preconnect, and Node's fetch
 * opens a fresh one when a request on another is aborted (a widget leaving its realtime stream does
 * exactly that). So once closing starts, connections without a request are destroyed, and any that
 * still arrives is destroyed at once; connections serving a request are left to finish it.
 */
export function closeUnusedConnections(app: FastifyInstance): void {
  const unused = new Set<Socket>();
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    if (closing) return socket.destroy();
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }) => unused.delete(request.socket));
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of unused) socket.destroy();
  });
}
