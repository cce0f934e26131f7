#!/usr/bin/env node
// The fleet's relay (scripts/fleet.mjs starts it; not run by hand): the hosts' one way out of
// their network namespaces to the machine's services. PostgreSQL and Redis listen on 127.0.0.1
// only, which a namespace cannot reach, and the machine's configuration is not the fleet's to
// change; so this process, in the root namespace, listens on the back bridge's address and pipes
// each connection to 127.0.0.1. Cutting a host's back link (`fleet cut hN`) therefore cuts it off
// from PostgreSQL, Redis and mail at once, the way a pulled cable would.
//
// It also stands in for the mail server: an SMTP sink that keeps every message as one JSON line
// in <state>/mail.jsonl (the shoppers' sign-up codes, read by the fleet test).
//
// A service can be taken down and brought back without touching the machine's servers, which
// other work on the machine uses (`fleet service <name> down|up`): down closes the service's
// listener (new connections refused, as from a server that is not running) and ends every
// connection it relays (as a server that stops does). Commands arrive on <state>/relay.sock, one
// line each ('down postgresql', 'up redis', 'status'), answered with one line of JSON.
//
// Usage: node scripts/fleet-relay.mjs <state dir> <listen address> <pg host:port> <redis host:port>
import { appendFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const [stateDir, listenAddress, pgTarget, redisTarget] = process.argv.slice(2);
if (!stateDir || !listenAddress || !pgTarget || !redisTarget) {
  process.stderr.write(
    'usage: fleet-relay.mjs <state dir> <listen address> <pg host:port> <redis host:port>\n',
  );
  process.exit(2);
}
/** Where the SMTP sink listens (the hosts' SMTP_URL). */
const SMTP_PORT = 2525;
const mailFile = join(stateDir, 'mail.jsonl');
const controlSocket = join(stateDir, 'relay.sock');

const say = (message) => process.stdout.write(`${new Date().toISOString()} ${message}\n`);

/** host:port as { host, port }. */
function target(text) {
  const at = text.lastIndexOf(':');
  return { host: text.slice(0, at), port: Number(text.slice(at + 1)) };
}

/**
 * A service the hosts reach here: `make()` gives a server listening on `port` (not yet); `start`
 * listens, `stop` stops listening and ends what is open. `open` is the connections it has.
 */
function service(name, port, make) {
  const open = new Set();
  let server;
  return {
    name,
    get running() {
      return Boolean(server);
    },
    get connections() {
      return open.size;
    },
    start() {
      if (server) return Promise.resolve();
      server = make(open);
      server.on('connection', (socket) => {
        open.add(socket);
        socket.on('close', () => open.delete(socket));
      });
      return new Promise((done, fail) => {
        server.once('error', fail);
        server.listen(port, listenAddress, () => {
          say(`${name}: listening on ${listenAddress}:${port}`);
          done();
        });
      });
    },
    stop() {
      if (!server) return;
      server.close();
      server = undefined;
      const ended = open.size;
      for (const socket of open) socket.destroy();
      say(`${name}: down (${ended} connections ended)`);
    },
  };
}

/** Pipe every connection to `to`, both ways. */
const relayTo = (to) => () =>
  createServer((client) => {
    const upstream = connect(to);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });

/** The SMTP sink: accepts anything, keeps each message whole. */
const smtpSink = () => {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        appendFileSync(
          mailFile,
          `${JSON.stringify({
            at: new Date().toISOString(),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          })}\n`,
        );
        callback();
      });
    },
  });
  smtp.on('error', (error) => say(`mail: ${error.message}`));
  return smtp.server;
};

const pg = target(pgTarget);
const redis = target(redisTarget);
const services = new Map(
  [
    service('postgresql', pg.port, relayTo(pg)),
    service('redis', redis.port, relayTo(redis)),
    service('mail', SMTP_PORT, smtpSink),
  ].map((s) => [s.name, s]),
);

try {
  for (const s of services.values()) await s.start();
} catch (error) {
  say(`could not listen: ${error.message}`);
  process.exit(1);
}

rmSync(controlSocket, { force: true });
const control = createServer((socket) => {
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', async (chunk) => {
    text += chunk;
    if (!text.includes('\n')) return;
    const [command, name] = text.trim().split(/\s+/);
    const answer = (body) => socket.end(`${JSON.stringify(body)}\n`);
    if (command === 'status') {
      return answer(
        Object.fromEntries(
          [...services.values()].map((s) => [
            s.name,
            { running: s.running, connections: s.connections },
          ]),
        ),
      );
    }
    const target = services.get(name);
    if (!target || (command !== 'down' && command !== 'up')) {
      return answer({ error: `unknown command '${text.trim()}'` });
    }
    try {
      if (command === 'down') target.stop();
      else await target.start();
      answer({ [target.name]: { running: target.running } });
    } catch (error) {
      answer({ error: error.message });
    }
  });
});
control.listen(controlSocket, () => say(`control: ${controlSocket}`));

process.on('SIGTERM', () => {
  rmSync(controlSocket, { force: true });
  process.exit(0);
});
