import { describe, expect, it } from 'vitest';
import { LEASE_MARGIN_MS, RECORD_RETRIES_MS, recordPatiently } from './deliver-due.js';

const refused = () => Object.assign(new Error('connection terminated'), { code: '57P01' });

describe('recording a webhook attempt while the database is briefly away', () => {
  it('tries again until the record goes through', async () => {
    let tries = 0;
    await recordPatiently(async () => {
      tries += 1;
      if (tries < 3) throw refused();
      return true;
    }, [1, 1]);
    expect(tries).toBe(3);
  });

  it('takes a unique violation as an earlier try that committed', async () => {
    let tries = 0;
    await recordPatiently(async () => {
      tries += 1;
      throw Object.assign(new Error('duplicate key'), { code: '23505' });
    });
    expect(tries).toBe(1);
  });

  it('gives up after its last wait, leaving the delivery to its lease', async () => {
    let tries = 0;
    // As many waits as the real schedule's (about 8 s in all), each a millisecond here.
    const failing = recordPatiently(
      async () => {
        tries += 1;
        throw refused();
      },
      RECORD_RETRIES_MS.map(() => 1),
    );
    await expect(failing).rejects.toThrow('connection terminated');
    expect(tries).toBe(6);
  });

  it("waits about 8 s in all, inside the lease's margin", () => {
    const total = RECORD_RETRIES_MS.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBe(7_750);
    expect(total).toBeLessThan(LEASE_MARGIN_MS);
  });
});
