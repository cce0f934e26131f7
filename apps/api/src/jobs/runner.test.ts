import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJobRunner, type Job } from './runner.js';

const logger = { error: vi.fn() };
afterEach(() => {
  vi.useRealTimers();
  logger.error.mockReset();
});

/** A job whose runs are counted and whose batches come from a queue of counts. */
function countingJob(counts: number[], overrides: Partial<Job> = {}) {
  const runs: number[] = [];
  const job: Job = {
    name: 'count',
    intervalMs: 60_000,
    batchSize: 10,
    run: async () => {
      const count = counts.shift() ?? 0;
      runs.push(count);
      return count;
    },
    ...overrides,
  };
  return { job, runs };
}

describe('the job runner', () => {
  it('runs each job at start, again at once after a full batch, then waits its interval', async () => {
    vi.useFakeTimers();
    const { job, runs } = countingJob([10, 10, 3]);
    const runner = createJobRunner({ jobs: [job], logger });
    runner.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toEqual([10, 10, 3]);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(runs).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toHaveLength(4);
    await runner.stop();
  });

  it('runs soon after a nudge instead of waiting out the interval, and not before start', async () => {
    vi.useFakeTimers();
    const { job, runs } = countingJob([]);
    const runner = createJobRunner({ jobs: [job], logger });
    runner.nudge('count');
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toHaveLength(0);
    runner.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toHaveLength(1);
    runner.nudge('count');
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toHaveLength(2);
    await runner.stop();
  });

  it('never runs one job twice at once: runNow waits for the run in progress', async () => {
    let active = 0;
    let most = 0;
    const job: Job = {
      name: 'slow',
      intervalMs: 60_000,
      batchSize: 10,
      run: async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 20));
        active -= 1;
        return 1;
      },
    };
    const runner = createJobRunner({ jobs: [job], logger });
    await Promise.all([runner.runNow('slow'), runner.runNow('slow'), runner.runNow('slow')]);
    expect(most).toBe(1);
  });

  it('stop waits for the run in progress and schedules nothing after it', async () => {
    let finished = false;
    let runs = 0;
    const job: Job = {
      name: 'long',
      intervalMs: 1,
      batchSize: 1,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished = true;
        return 1;
      },
    };
    const runner = createJobRunner({ jobs: [job], logger });
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await runner.stop();
    expect(finished).toBe(true);
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(after);
  });

  it('logs a failed run and keeps going', async () => {
    let calls = 0;
    const job: Job = {
      name: 'flaky',
      intervalMs: 60_000,
      batchSize: 10,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database went away');
        return 2;
      },
    };
    const runner = createJobRunner({ jobs: [job], logger });
    expect(await runner.runNow('flaky')).toBe(0);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'flaky' }),
      'background job failed',
    );
    expect(await runner.runNow('flaky')).toBe(2);
  });

  it('refuses an unknown job name', () => {
    const runner = createJobRunner({ jobs: [], logger });
    expect(() => runner.runNow('nope')).toThrow('no job named nope');
  });
});
