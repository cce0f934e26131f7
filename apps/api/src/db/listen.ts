import pg from 'pg';

/** How long to wait before connecting again after losing the listening connection. */
const RETRY_MS = [500, 1000, 2000, 5000, 10_000, 30_000] as const;

/**
 * LISTEN on a PostgreSQL server over a connection of its own (a pooled one would be handed to
 * queries and lose it). When that connection drops, it connects again, backing off, and calls
 * `onGap`: notifications sent meanwhile were lost, so the caller refreshes what they would have
 * told it. `onDown` (optional) is called whenever it is not listening: the first LISTEN failed,
 * or the connection was lost; `onGap` follows once it listens again. Resolves once the first
 * LISTEN is in place (or, failing that, once a retry is scheduled); the function it gives stops
 * listening.
 */
export async function listenOnServer({
  url,
  channel,
  onMessage,
  onGap,
  onDown,
}: {
  url: string;
  channel: string;
  onMessage: (payload: string) => void;
  onGap: () => void;
  onDown?: () => void;
}): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    const lost = () => {
      if (stopped || client !== next) return;
      client = undefined;
      next.removeAllListeners('end');
      void next.end().catch(() => undefined);
      onDown?.();
      retry();
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`listen "${channel.replace(/"/g, '""')}"`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw error;
    }
    // Only a connection that listens counts: a failure before this is retried by the caller.
    client = next;
  };

  const retry = () => {
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures += 1;
    timer = setTimeout(() => {
      timer = undefined;
      if (stopped) return;
      connect().then(
        () => {
          failures = 0;
          onGap();
        },
        () => {
          client = undefined;
          if (!stopped) retry();
        },
      );
    }, wait);
    timer.unref();
  };

  // The first LISTEN failing (the server not reachable yet) does not stop the app: it is tried
  // again in the background, and the snapshot's time limit covers the gap meanwhile.
  await connect().catch(() => {
    onDown?.();
    retry();
  });
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}
