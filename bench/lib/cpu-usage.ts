import { readdirSync, readFileSync } from 'node:fs';

/*
 * Where the CPU went during a phase, from /proc (Linux only; elsewhere every field is null). On a small
 * machine the service, PostgreSQL and the load generator compete for the same cores, so a throughput
 * number means little without this.
 */

const TICKS_PER_S = 100; // USER_HZ, 100 on every Linux the bench targets

interface Snapshot {
  at: number;
  busy: number;
  idle: number;
  service: number;
  /** Ticks by pid: backends come and go (pools open and close connections) during a phase. */
  postgres: Map<number, number>;
  bench: number;
}

export interface CpuShare {
  /** Percent of one core each, over the phase. */
  service: number;
  postgres: number;
  loadGenerator: number;
  /** Busy time of every other process on the machine. */
  other: number;
  idle: number;
  /** CPU time of the service process over the phase (user + system), in ms: for CPU per request. */
  serviceCpuMs: number;
}

/** utime + stime of one process in ticks, and its parent. */
function processTicks(pid: number): { ticks: number; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ticks: Number(fields[11]) + Number(fields[12]), ppid: Number(fields[1]) };
  } catch {
    return null;
  }
}

/** The postmaster and its children (backends, WAL writer, checkpointer …). */
function postgresTicks(postmasterPid: number | null): Map<number, number> {
  const ticks = new Map<number, number>();
  if (postmasterPid === null) return ticks;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const p = processTicks(pid);
    if (p && (pid === postmasterPid || p.ppid === postmasterPid)) ticks.set(pid, p.ticks);
  }
  return ticks;
}

/**
 * CPU the server's processes used between two snapshots. A backend that exited in between took its
 * counter with it, so this undercounts when connections close during a phase (the bench keeps its
 * pools open until it has measured).
 */
function postgresDelta(start: Map<number, number>, end: Map<number, number>): number {
  let total = 0;
  for (const [pid, ticks] of end) total += ticks - (start.get(pid) ?? 0);
  return total;
}

function snapshot(servicePid: number, postmasterPid: number | null): Snapshot | null {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = cpu[3]! + cpu[4]!;
    const own = process.cpuUsage();
    return {
      at: performance.now(),
      busy: cpu.slice(0, 8).reduce((a, b) => a + b, 0) - idle,
      idle,
      service: processTicks(servicePid)?.ticks ?? 0,
      postgres: postgresTicks(postmasterPid),
      bench: ((own.user + own.system) / 1e6) * TICKS_PER_S,
    };
  } catch {
    return null;
  }
}

/** Starts measuring; the returned function ends the measurement. */
export function measureCpu(servicePid: number, postmasterPid: number | null): () => CpuShare | null {
  const start = snapshot(servicePid, postmasterPid);
  return () => {
    const end = snapshot(servicePid, postmasterPid);
    if (!start || !end) return null;
    const seconds = (end.at - start.at) / 1000;
    const pct = (ticks: number) => (100 * ticks) / TICKS_PER_S / seconds;
    const service = pct(end.service - start.service);
    const postgres = pct(postgresDelta(start.postgres, end.postgres));
    const loadGenerator = pct(end.bench - start.bench);
    return {
      service,
      postgres,
      loadGenerator,
      other: Math.max(0, pct(end.busy - start.busy) - service - postgres - loadGenerator),
      idle: pct(end.idle - start.idle),
      serviceCpuMs: ((end.service - start.service) * 1000) / TICKS_PER_S,
    };
  };
}
