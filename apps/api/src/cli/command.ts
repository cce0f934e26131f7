import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError } from '../config.js';

/** What the shell is told of a failure: an error's message, and its causes' (why a query failed). */
function reasons(error: unknown): string {
  const said: string[] = [];
  for (let at = error; at !== undefined && said.length < 5;) {
    said.push(at instanceof Error ? at.message.split('\n')[0]! : String(at));
    at = at instanceof Error ? at.cause : undefined;
  }
  return said.join(': ');
}

const HELP = { help: { type: 'boolean', default: false } } as const;

type Options = NonNullable<ParseArgsConfig['options']>;
/** What parseArgs gives for these options and --help. */
type Values<T extends Options> = ReturnType<
  typeof parseArgs<{ options: T & typeof HELP }>
>['values'];

/**
 * A command's options from its command line, with `--help` besides: the values, or the code to
 * exit with when there is nothing to run (2 after saying what was wrong, 0 after the usage).
 */
export function readOptions<const T extends Options>(
  options: T,
  usage: string,
): Values<T> | number {
  try {
    const { values } = parseArgs<{ options: T & typeof HELP }>({
      options: { ...options, ...HELP },
    });
    // Generic in T, the values' type cannot show --help's own field; it is there all the same.
    if ((values as { help?: boolean }).help) {
      process.stdout.write(usage);
      return 0;
    }
    return values;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
}

/**
 * Run a command's `main` and exit with its code; a failure exits 1, said in one line: a bad
 * setting as the configuration says it, what `describe` makes of it, or `{name} failed:` and why.
 */
export function runCommand(
  name: string,
  main: () => Promise<number>,
  describe?: (error: unknown) => string | undefined,
): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const said =
        error instanceof ConfigError
          ? error.message
          : (describe?.(error) ?? `${name} failed: ${reasons(error)}`);
      process.stderr.write(`${said}\n`);
      process.exit(1);
    },
  );
}
