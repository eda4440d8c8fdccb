import { measureCpu, type CpuShare } from './cpu-usage.js';
import { sampleWaits, type WaitProfile } from './wait-sampler.js';

/** What was going on in the machine and the database while a phase ran. */
export interface Observation {
  cpu: CpuShare | null;
  waits: WaitProfile | null;
}

export interface Observer {
  /** Takes the CPU reading at once (before any pool closes) and stops sampling the database. */
  end(): Promise<Observation>;
}

export function observer(
  servicePid: number,
  postmasterPid: number | null,
  databaseUrl: string,
): () => Promise<Observer> {
  return async () => {
    const waits = await sampleWaits(databaseUrl);
    const cpu = measureCpu(servicePid, postmasterPid);
    return {
      end: async () => {
        const share = cpu();
        return { cpu: share, waits: await waits() };
      },
    };
  };
}
