import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BareFanout {
  pid: number;
  url: string;
  /** POST /fire: resolves at the answer, after which the server writes the frame to every stream. */
  fire(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts bare-fanout-server.ts in its own process (as the service runs in its own). */
export async function startBareFanout(): Promise<BareFanout> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-fanout-server.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`the bare fan-out server exited (code ${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    pid: child.pid!,
    url,
    fire: async () => {
      const res = await fetch(`${url}/fire`, { method: 'POST' });
      await res.arrayBuffer();
      return performance.now();
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
