import type { FastifyBaseLogger } from 'fastify';

/**
 * A background job: one run does one batch of work and says how much it did. Jobs that take rows
 * claim them with FOR UPDATE SKIP LOCKED (or a lease), so several API processes on one PostgreSQL
 * never do the same work twice; the runner only decides when this process runs them.
 */
export interface Job {
  name: string;
  /** Pause between runs when the last run found less than a full batch. */
  intervalMs: number;
  /** A run that handled this many rows may have left more: the next run starts at once. */
  batchSize: number;
  run(): Promise<number>;
}

export interface JobRunner {
  /** Start every job's schedule (first run at once). */
  start(): void;
  /** Stop scheduling and wait for runs in progress to finish. */
  stop(): Promise<void>;
  /** Run the job now (after a run in progress, never beside it); resolves with its count. */
  runNow(name: string): Promise<number>;
  /** Ask for a run soon (after a commit that queued work); ignored when not started. */
  nudge(name: string): void;
  /** Each job's runs in this process so far, for /metrics. */
  stats(): JobStats[];
}

/** What /metrics says of a job (decision 075); counts are this process's since it started. */
export interface JobStats {
  name: string;
  /** Runs finished, failed ones included. */
  runs: number;
  failures: number;
  /** Rows the runs handled (the sum of what `run` returned). */
  items: number;
  /** Seconds since a run last finished without failing (since the runner was made, before any). */
  secondsSinceSuccess: number;
}

interface JobState {
  job: Job;
  timer: NodeJS.Timeout | undefined;
  /** The run in progress, or the last one (runs are chained, one at a time per job). */
  tail: Promise<number>;
  runs: number;
  failures: number;
  items: number;
  /** performance.now() when a run last succeeded: a monotonic clock, for a duration only. */
  lastSuccessAt: number;
}

export function createJobRunner({
  jobs,
  logger,
}: {
  jobs: Job[];
  logger: Pick<FastifyBaseLogger, 'error'>;
}): JobRunner {
  const madeAt = performance.now();
  const states = new Map<string, JobState>(
    jobs.map((job) => [
      job.name,
      {
        job,
        timer: undefined,
        tail: Promise.resolve(0),
        runs: 0,
        failures: 0,
        items: 0,
        lastSuccessAt: madeAt,
      },
    ]),
  );
  let started = false;

  function stateOf(name: string): JobState {
    const state = states.get(name);
    if (!state) throw new Error(`no job named ${name}`);
    return state;
  }

  /** Chain one run after whatever is running; a failure is logged and counts as 0. */
  function enqueueRun(state: JobState): Promise<number> {
    const run = state.tail.then(async () => {
      try {
        const count = await state.job.run();
        state.runs += 1;
        state.items += count;
        state.lastSuccessAt = performance.now();
        return count;
      } catch (err) {
        state.runs += 1;
        state.failures += 1;
        logger.error({ err, job: state.job.name }, 'background job failed');
        return 0;
      }
    });
    state.tail = run;
    return run;
  }

  function schedule(state: JobState, delayMs: number): void {
    if (!started) return;
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      state.timer = undefined;
      void enqueueRun(state).then((count) => {
        schedule(state, count >= state.job.batchSize ? 0 : state.job.intervalMs);
      });
    }, delayMs);
    // A pending run never keeps the process alive by itself.
    state.timer.unref();
  }

  return {
    start() {
      if (started) return;
      started = true;
      for (const state of states.values()) schedule(state, 0);
    },

    async stop() {
      started = false;
      for (const state of states.values()) clearTimeout(state.timer);
      await Promise.all([...states.values()].map((state) => state.tail));
    },

    runNow: (name) => enqueueRun(stateOf(name)),

    nudge(name) {
      const state = stateOf(name);
      // After the run in progress (which may have looked before the new work was committed),
      // run again at once; a waiting timer is brought forward.
      void state.tail.then(() => schedule(state, 0));
    },

    stats() {
      const now = performance.now();
      return [...states.values()].map((state) => ({
        name: state.job.name,
        runs: state.runs,
        failures: state.failures,
        items: state.items,
        secondsSinceSuccess: Math.max(0, (now - state.lastSuccessAt) / 1000),
      }));
    },
  };
}
