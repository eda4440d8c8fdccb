import net from 'node:net';
import type { Response } from './helpers.js';

/** How a raw connection ended, as the client saw it. */
export interface Closed {
  /** Milliseconds from connecting. */
  afterMs: number;
  /** The socket error code (EPIPE, ECONNRESET), or null for a clean close. */
  error: string | null;
}

/**
 * One TCP connection to a listener, for requests fetch cannot send (malformed or slow ones). By default it
 * closes when the server closes its side; with allowHalfOpen it keeps writing after the server's FIN, as an
 * HTTP client still sending its body does, and closes when both sides have.
 */
export class RawConnection {
  readonly socket: net.Socket;
  readonly closed: Promise<Closed>;
  private received = Buffer.alloc(0);
  private error: string | null = null;

  constructor(base: string, options: { allowHalfOpen?: boolean } = {}) {
    const url = new URL(base);
    const start = Date.now();
    this.socket = net.connect({ host: url.hostname, port: Number(url.port), allowHalfOpen: options.allowHalfOpen });
    this.socket.on('data', (chunk: Buffer) => (this.received = Buffer.concat([this.received, chunk])));
    this.socket.on('error', (error: NodeJS.ErrnoException) => (this.error = error.code ?? error.message));
    this.closed = new Promise((resolve) =>
      this.socket.on('close', () => resolve({ afterMs: Date.now() - start, error: this.error })),
    );
  }

  write(data: string | Buffer): void {
    this.socket.write(data);
  }

  /** Writes `total` bytes of filler in `chunk`-sized writes, honouring backpressure; stops if the socket closes. */
  async writeFiller(total: number, chunk = 64 * 1024): Promise<void> {
    const buffer = Buffer.alloc(chunk, 'x');
    for (let sent = 0; sent < total && !this.socket.destroyed && this.socket.writable;) {
      const n = Math.min(chunk, total - sent);
      sent += n;
      if (!this.socket.write(n === chunk ? buffer : buffer.subarray(0, n))) {
        await new Promise<void>((resolve) => {
          const done = () => {
            this.socket.off('drain', done).off('close', done);
            resolve();
          };
          this.socket.on('drain', done).on('close', done);
        });
      }
    }
  }

  /** Calls `write` every `everyMs` until the connection closes. */
  trickle(data: string, everyMs: number): void {
    const timer = setInterval(() => {
      if (this.socket.writable) this.socket.write(data);
    }, everyMs);
    void this.closed.then(() => clearInterval(timer));
  }

  /** The first complete response received (head and Content-Length body), or null before it arrives. */
  response(): Response | null {
    return parseResponse(this.received);
  }

  /** Waits for a whole response; null if the connection closes without one. */
  async nextResponse(timeoutMs = 5_000): Promise<Response | null> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const res = this.response();
      if (res !== null || this.socket.destroyed) return res;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return null;
  }

  receivedText(): string {
    return this.received.toString('latin1');
  }

  /** Resolves with how the connection closed, or null if it is still open after `timeoutMs`. */
  waitClosed(timeoutMs: number): Promise<Closed | null> {
    return Promise.race([this.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs))]);
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** Parses one HTTP/1.1 response with a Content-Length body. */
export function parseResponse(bytes: Buffer): Response | null {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd === -1) return null;
  const [statusLine, ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const length = Number(headers.get('content-length') ?? 0);
  const body = bytes.subarray(headEnd + 4);
  if (body.length < length) return null;
  const text = body.subarray(0, length).toString('utf8');
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, text, json };
}
