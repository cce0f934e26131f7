import type { Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/** A worker asking its primary for every worker's metrics, summed; and the answer. */
const ASK = 'pehnava:metrics';
const ANSWER = 'pehnava:metrics-answer';
/** prom-client's primary gives up on a worker after 5 s; a scrape waits a little longer. */
const ANSWER_TIMEOUT_MS = 6_000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isAsk = (message: unknown): message is Ask =>
  typeof message === 'object' && message !== null && (message as Ask).type === ASK;
const isAnswer = (message: unknown): message is Answer =>
  typeof message === 'object' && message !== null && (message as Answer).type === ANSWER;

/** What the primary needs of node:cluster (its `message` event). */
export interface ClusterMessages {
  on(event: 'message', listener: (worker: Worker, message: unknown) => void): unknown;
}

/**
 * The primary of a cluster (decision 075): when a worker is asked for /metrics it asks here, and
 * prom-client's AggregatorRegistry gathers every worker's registries and sums them, so a scrape
 * says the same whichever worker the connection was handed to.
 */
export function answerMetricsForWorkers(cluster: ClusterMessages): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message) => {
    if (!isAsk(message)) return;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (err: unknown) => reply({ error: err instanceof Error ? err.message : 'failed' }),
    );
  });
}

/** What a worker needs of its own process: the IPC channel to the primary. */
export interface PrimaryChannel {
  send?: (message: unknown, callback: (error: Error | null) => void) => boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

/**
 * A cluster's worker: its registries are the ones prom-client hands the primary, and its /metrics
 * asks the primary for the sum over all workers.
 */
export function metricsFromPrimary(
  registries: Registry[],
  channel: PrimaryChannel = process,
): () => Promise<string> {
  // Made in a worker, prom-client's AggregatorRegistry answers the primary's requests.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries(registries);
  let next = 0;
  const waiting = new Map<number, { resolve(text: string): void; reject(err: Error): void }>();
  channel.on('message', (message) => {
    if (!isAnswer(message)) return;
    const asked = waiting.get(message.id);
    if (!asked) return;
    waiting.delete(message.id);
    if (message.text !== undefined) asked.resolve(message.text);
    else asked.reject(new Error(`the primary could not gather metrics: ${message.error ?? ''}`));
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = (next += 1);
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the primary did not answer'));
      }, ANSWER_TIMEOUT_MS);
      timer.unref();
      waiting.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      });
      const failed = (err: Error) => {
        const asked = waiting.get(id);
        waiting.delete(id);
        asked?.reject(err);
      };
      if (!channel.send) failed(new Error('no channel to the primary'));
      else channel.send({ type: ASK, id } satisfies Ask, (err) => err && failed(err));
    });
}
