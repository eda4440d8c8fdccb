import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePorts } from '../service-process.js';

export interface PrivateRedis {
  url: string;
  /** SIGKILL: the counters are gone, as after a crash of a Redis that keeps nothing on disk. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A Redis server of the harness's own on a free loopback port (keeping nothing on disk, as the machine's
 * does), so that stopping it disturbs nothing else that uses the machine's Redis. Null when redis-server is
 * not installed.
 */
export async function startPrivateRedis(): Promise<PrivateRedis | null> {
  const [port] = (await freePorts(1)) as [number];
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const failed = new Promise<Error>((resolve) => started.once('error', resolve));
    let output = '';
    started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 10_000;
    while (!/Ready to accept connections/.test(output)) {
      const error = await Promise.race([failed, sleep(50).then(() => null)]);
      if (error) throw error;
      if (started.exitCode !== null || Date.now() > deadline)
        throw new Error(`redis-server did not start on ${port}: ${output}`);
    }
    child = started;
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  try {
    await start();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, kill, start, stop: kill };
}
