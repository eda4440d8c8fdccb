import type { RawBuilder } from 'kysely';
import { insertSyncRecordsSql, type SyncRecord } from './sync-repo.js';

/** The balance syncs' slice of an engine round: the movements it applied or refused as would_overdraw. */
export class RoundSyncs {
  private readonly records: SyncRecord[] = [];

  /** The movements recorded so far, in order. */
  get recorded(): readonly SyncRecord[] {
    return this.records;
  }

  record(record: SyncRecord): void {
    this.records.push(record);
  }

  writes(now: Date): RawBuilder<unknown>[] {
    return this.records.length > 0 ? [insertSyncRecordsSql(this.records, now)] : [];
  }
}
