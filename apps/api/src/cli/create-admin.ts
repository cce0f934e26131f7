/**
 * npm run create-admin -- --email someone@example.in --password '…' [--name 'Full Name']
 *   [--role admin|staff]
 *
 * Gives the account with that e-mail an operator's role (admin unless --role staff: packing and
 * returns only, no refunds or prices), creating it when there is none. Uses the same
 * configuration as the server (DATABASE_URL or the embedded database in DATA_DIR). The embedded
 * database can be open in one process only: stop the server first when using it.
 */
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { OPERATOR_ROLES, type OperatorRole } from '@pehnava/shared';
import { loadConfig } from '../config.js';
import { runCommand } from './command.js';

const WORDS = (role: OperatorRole) => {
  const as = role === 'admin' ? 'an admin' : 'staff';
  return {
    created: `Created the ${role} account`,
    promoted: `Made the existing account ${as} (its password is unchanged)`,
    'already-admin': `That account is already ${as}; nothing changed`,
  } as const;
};
const USAGE =
  'Usage: npm run create-admin -- --email <email> --password <password> [--name <name>] [--role admin|staff]\n';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'admin' },
    },
  });
  const role = OPERATOR_ROLES.find((known) => known === values.role);
  if (!values.email || !role) {
    process.stderr.write(
      role
        ? USAGE
        : `--role must be ${OPERATOR_ROLES.join(' or ')}, not '${values.role}'\n${USAGE}`,
    );
    return 2;
  }
  const config = loadConfig(process.env);
  // The app's modules load only for a command that will use them: a mistyped one is answered at
  // once, not after the whole app has loaded.
  const [
    { openConfiguredDatabase },
    { runMigrations },
    { createLogger },
    { createOrPromoteAdmin },
    { createServices },
  ] = await Promise.all([
    import('../bootstrap.js'),
    import('../db/migrate.js'),
    import('../lib/logger.js'),
    import('../modules/users/users.service.js'),
    import('../services.js'),
  ]);
  const database = await openConfiguredDatabase(config);
  try {
    await runMigrations(database);
    const services = createServices({ config, database, logger: createLogger(config) });
    const outcome = await createOrPromoteAdmin(services.repos.users, {
      email: values.email,
      ...(values.password !== undefined ? { password: values.password } : {}),
      ...(values.name !== undefined ? { name: values.name } : {}),
      role,
    });
    process.stdout.write(`${WORDS(role)[outcome]}: ${values.email.trim().toLowerCase()}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand('create-admin', main, (error) =>
  error instanceof ZodError ? error.issues.map((i) => i.message).join('\n') : undefined,
);
