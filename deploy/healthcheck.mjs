// The image's HEALTHCHECK (Dockerfile): is this host's server process alive? It asks
// GET /api/health on the port the server listens on and exits 0 when the server answered at all:
// 200, or 503 when the database does not answer, which is the database's trouble, not the
// process's (a host keeps serving the catalogue from memory meanwhile, docs/reliability.md).
// No answer within the time, or a refused connection, exits 1. Whether a host should be sent
// requests is readiness, GET /api/ready, which HAProxy checks (deploy/haproxy.cfg).
const port = Number(process.env.PORT || 3000);
const TIMEOUT_MS = Number(process.env.HEALTHCHECK_TIMEOUT_MS || 4000);

try {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await res.arrayBuffer();
  process.exit(res.status === 200 || res.status === 503 ? 0 : 1);
} catch (error) {
  process.stderr.write(`GET /api/health on port ${port}: ${error.message}\n`);
  process.exit(1);
}
