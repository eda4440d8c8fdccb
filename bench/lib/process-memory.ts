import { readFile } from 'node:fs/promises';

/** A process's memory from /proc (Linux), in bytes: resident now, and its peak so far (VmHWM). */
export async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1]) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

/**
 * Samples a process's resident set every `everyMs` until stopped, and answers the largest seen. VmHWM
 * alone would also count whatever the process reached before (its start, the seeding).
 */
export function sampleRss(pid: number, everyMs = 20): { stop(): Promise<number> } {
  let max = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rss } = await memoryOf(pid);
      if (rss > max) max = rss;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return max;
    },
  };
}

export const mib = (bytes: number) => bytes / 1024 / 1024;
