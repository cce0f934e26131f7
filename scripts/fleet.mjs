#!/usr/bin/env node
// `npm run fleet -- <command>`: a fleet on one machine (docs/reliability.md). Three API hosts, each
// in its own network namespace (10.77.0.11-13:3000, WEB_CONCURRENCY=2), on this machine's
// PostgreSQL and Redis through a relay, behind HAProxy on 127.0.0.1:8080 with health checks on
// GET /api/ready. Needs root, iproute2 and Debian's haproxy, and the build (npm run build).
//
//   up [--fresh]      bring it up (cleaning up a previous run first); --fresh drops the fleet's
//                     database and secrets and starts from a new one
//   down              stop everything, remove namespaces, links and bridges (safe to repeat)
//   status [--json]   each host (namespace, address, pid, readiness) and HAProxy's view of it
//   kill <host>       kill -9 every process of the host (h1, h2 or h3)
//   stop <host>       SIGTERM: it drains, finishes its requests and exits
//   start <host>      start it again; returns when HAProxy has it UP
//   restart [host…]   rolling restart, one host at a time (all three unless named)
//   cut <host>        take the host's back link down: no PostgreSQL, Redis or mail for it
//   mend <host>       bring the back link up again
//   service <postgresql|redis|mail> down|up|restart [seconds]
//                     the service down for every host (the relay refuses new connections and
//                     ends those open; the machine's servers are not touched), back up, or down
//                     for some seconds (5 unless said) and back: a restart as the hosts see it
//
// Settings (environment): FLEET_PORT (8080), FLEET_PG_URL (postgres://postgres@127.0.0.1:5432/
// postgres), FLEET_DATABASE (pehnava_fleet), FLEET_REDIS_URL (redis://127.0.0.1:6379),
// FLEET_REDIS_DB (3), FLEET_STATE (.fleet in the repository: logs, pids, HAProxy's config).
import {
  FleetError,
  HOSTS,
  bringUpHost,
  cutHost,
  fleetDown,
  fleetSettings,
  fleetStatus,
  fleetUp,
  hostNamed,
  killHost,
  mendHost,
  rollingRestart,
  SERVICES,
  relayCommand,
  sleep,
  stopHost,
  waitForHaproxy,
  whyFleetCannotRun,
} from './fleet-lib.mjs';

const USAGE = `Usage: npm run fleet -- up [--fresh] | down | status [--json] | kill <host> | stop <host>
       | start <host> | restart [host...] | cut <host> | mend <host>
       | service <${SERVICES.join('|')}> down|up|restart [seconds]
Hosts: ${HOSTS.map((h) => h.name).join(', ')}. See docs/reliability.md.
`;

const say = (line) => console.log(line);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function printStatus(json) {
  const status = await fleetStatus();
  if (json) {
    console.log(JSON.stringify(status, null, 2));
    return;
  }
  const { haproxy, relay } = status;
  say(
    `HAProxy  ${haproxy.pid ? `pid ${haproxy.pid}` : 'not running'}  ${haproxy.address}` +
      (haproxy.problem ? `  (${haproxy.problem})` : ''),
  );
  const services = relay.services
    ? Object.entries(relay.services)
        .map(([name, s]) => `${name} ${s.running ? 'up' : 'DOWN'} (${s.connections} conn)`)
        .join(', ')
    : '';
  say(`relay    ${relay.pid ? `pid ${relay.pid}` : 'not running'}  ${relay.address}  ${services}`);
  say(`database ${status.database}`);
  say('');
  say('host  namespace     address           pid      procs  back link  /api/ready        HAProxy');
  for (const host of status.hosts) {
    const ready = host.ready
      ? `${host.ready.status}${host.ready.failed.length ? ` ${host.ready.failed.join(',')}` : ''}`
      : '-';
    const lb = host.haproxy
      ? `${host.haproxy.status} (${host.haproxy.check}, ${host.haproxy.changedSecondsAgo} s ago; ` +
        `${host.haproxy.requests} req, ${host.haproxy.serverErrors} 5xx)`
      : '-';
    say(
      [
        host.name.padEnd(5),
        (host.namespace ?? '-').padEnd(13),
        host.address.padEnd(17),
        String(host.pid ?? '-').padEnd(8),
        String(host.processes).padEnd(6),
        host.backLink.padEnd(10),
        ready.padEnd(17),
        lb,
      ].join(' '),
    );
  }
}

async function main(argv) {
  const [command, ...args] = argv;
  const host = () => {
    if (!args[0]) throw new FleetError(`${command} needs a host: ${HOSTS.map((h) => h.name)}`);
    return hostNamed(args[0]);
  };
  const needsFleet = () => {
    const why = whyFleetCannotRun();
    if (why) throw new FleetError(why);
  };
  switch (command) {
    case 'up':
      await fleetUp({ fresh: args.includes('--fresh') }, fleetSettings(), say);
      say(`The fleet is up: http://127.0.0.1:${fleetSettings().port} (npm run fleet -- status)`);
      return 0;
    case 'down':
      needsFleet();
      await fleetDown();
      say(`The fleet is down (logs kept in ${fleetSettings().stateDir}).`);
      return 0;
    case 'status':
      await printStatus(args.includes('--json'));
      return 0;
    case 'kill': {
      needsFleet();
      const target = host();
      const killedAt = performance.now();
      const pids = await killHost(target);
      say(`${target.name}: killed (-9) ${pids.length ? pids.join(' ') : 'nothing: not running'}`);
      if (pids.length > 0) {
        await waitForHaproxy(target, 'DOWN');
        say(
          `HAProxy marked ${target.name} DOWN ${seconds(performance.now() - killedAt)} after the kill`,
        );
      }
      return 0;
    }
    case 'stop': {
      needsFleet();
      const target = host();
      const started = performance.now();
      await stopHost(target);
      say(`${target.name}: stopped after ${seconds(performance.now() - started)}`);
      return 0;
    }
    case 'start': {
      needsFleet();
      const target = host();
      const { readyMs, upMs } = await bringUpHost(target);
      say(`${target.name}: ready after ${seconds(readyMs)}, UP in HAProxy after ${seconds(upMs)}`);
      return 0;
    }
    case 'restart': {
      needsFleet();
      const targets = args.length > 0 ? args.map(hostNamed) : HOSTS;
      await rollingRestart(targets, fleetSettings(), say);
      return 0;
    }
    case 'cut':
    case 'mend': {
      needsFleet();
      const target = host();
      const started = performance.now();
      if (command === 'cut') cutHost(target);
      else mendHost(target);
      const status = command === 'cut' ? 'DOWN' : 'UP';
      const ms = await waitForHaproxy(target, status, 60_000);
      say(
        `${target.name}: back link ${command === 'cut' ? 'down' : 'up'}; HAProxy has it ${status} ` +
          `after ${seconds(Math.max(ms, performance.now() - started))}`,
      );
      return 0;
    }
    case 'service': {
      const [name, action, forSeconds = '5'] = args;
      if (!SERVICES.includes(name) || !['down', 'up', 'restart'].includes(action)) {
        throw new FleetError(`service takes ${SERVICES.join('|')} and down|up|restart`);
      }
      if (action !== 'up') {
        await relayCommand(`down ${name}`);
        say(`${name}: down for every host (${new Date().toISOString()})`);
      }
      if (action === 'restart') await sleep(Number(forSeconds) * 1000);
      if (action !== 'down') {
        await relayCommand(`up ${name}`);
        say(`${name}: up again (${new Date().toISOString()})`);
      }
      return 0;
    }
    default:
      process.stderr.write(USAGE);
      return command ? 2 : 0;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(
      error instanceof FleetError
        ? `fleet: ${error.message}\n`
        : `fleet: ${error.stack ?? error}\n`,
    );
    process.exit(1);
  },
);
