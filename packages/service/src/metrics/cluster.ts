import { randomUUID } from 'node:crypto';
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * One scrape gives the whole cluster (npm run start:cluster). The API processes share the platform port,
 * so a scrape reaches one of them at random; that process asks the primary over the cluster's IPC
 * channel, and the primary asks every child (prom-client's AggregatorRegistry: each child answers with
 * its registries as JSON) and sums them by series: counters and histograms add up, gauges too (open
 * streams, pool connections), except where a series names another aggregator. No series carries a
 * process label. The primary serves no HTTP and holds no figures of its own.
 */

const ASK = 'pm-metrics:ask';
const ANSWER = 'pm-metrics:answer';
/** prom-client gives the children 5 s to answer; the asking process waits a little longer for the primary. */
const ASK_TIMEOUT_MS = 6_000;

interface Ask {
  kind: typeof ASK;
  id: string;
}
interface Answer {
  kind: typeof ANSWER;
  id: string;
  text?: string;
  error?: string;
}

/** In the primary: answers a child's request for the cluster's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Ask) => {
    if (message?.kind !== ASK) return;
    const reply = (answer: Omit<Answer, 'kind' | 'id'>) => {
      if (worker.isConnected()) worker.send({ kind: ANSWER, id: message.id, ...answer } satisfies Answer);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: Error) => reply({ error: error.message }),
    );
  });
}

// Constructing one installs prom-client's listener for the primary's requests. A child does it as soon as
// this module loads (cluster.ts imports it), so one still starting (migrations, say) answers with nothing
// yet instead of holding every scrape up until the primary's 5 s run out.
if (cluster.isWorker) new AggregatorRegistry();

/** In a child: offers this process's registries to the primary's aggregation (nothing until then). */
export function joinClusterMetrics(registries: Registry[]): void {
  AggregatorRegistry.setRegistries(registries);
}

export const inCluster = (): boolean => cluster.isWorker;

/** In a child: the metrics of every process of the cluster, summed by the primary. */
export function askPrimary(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const onMessage = (message: Answer) => {
      if (message?.kind !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.error !== undefined) reject(new Error(`the cluster's metrics: ${message.error}`));
      else resolve(message.text ?? '');
    };
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error(`the cluster's primary did not answer with the metrics within ${ASK_TIMEOUT_MS} ms`));
    }, ASK_TIMEOUT_MS);
    process.on('message', onMessage);
    process.send!({ kind: ASK, id } satisfies Ask);
  });
}
