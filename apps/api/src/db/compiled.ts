import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

interface Executes {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** What every Drizzle session and prepared query of both drivers here holds: the driver client. */
interface HoldsClient {
  client?: unknown;
}

function sessionOf(db: Database): HoldsClient & object {
  const session = (db as unknown as { _: { session?: HoldsClient & object } })._.session;
  if (!session || session.client === undefined) {
    throw new Error('compiledStatement: this Drizzle session keeps no driver client');
  }
  return session;
}

/**
 * A statement built by Drizzle once per process, then run on whichever executor is at hand: the
 * database or the transaction of a unit of work. Building a statement (its SQL text, its
 * placeholders, the columns to map back) costs more CPU than PostgreSQL takes to run most of ours,
 * and a repository is made afresh for every transaction, so a statement prepared in a repository's
 * factory was still built once per transaction (decision 059).
 *
 * `build` must use placeholders (`sql.placeholder`) for every value that varies, and must not
 * leave out an insert's column that has a `$defaultFn` (its value would be made once, at build).
 * A placeholder in a condition reaches the driver as given (a timestamp as its ISO string); one
 * set as an insert's column value goes through the column's mapping (a timestamp as a Date).
 * `name` must be unique to the statement: it is a named prepared statement on PostgreSQL, parsed
 * and planned once per connection. The same prepared query is reused with the executor's client
 * swapped in, which both drivers' prepared queries (node-postgres and PGlite) read from `client`
 * when they execute; one template is kept per driver.
 */
export function compiledStatement<P extends Executes>(
  name: string,
  build: (db: Database) => { prepare(name: string): P },
): (db: Database) => P {
  const templates = new Map<unknown, P>();
  return (db) => {
    const session = sessionOf(db);
    let template = templates.get(session.constructor);
    if (!template) {
      template = build(db).prepare(name);
      if ((template as HoldsClient).client === undefined) {
        throw new Error(`compiledStatement ${name}: the prepared query keeps no driver client`);
      }
      templates.set(session.constructor, template);
    }
    if ((template as HoldsClient).client === session.client) return template;
    return Object.assign(Object.create(Object.getPrototypeOf(template) as object) as P, template, {
      client: session.client,
    });
  };
}

/** How many shapes (columns given, rows) of one insert are kept compiled; others are built each time. */
const INSERT_SHAPES_KEPT = 16;

/**
 * An insert compiled once per shape: the columns a call gives (a column left undefined takes its
 * default, as in Drizzle's own insert), which of them are null, and how many rows. Each other value
 * goes through its column's mapping as Drizzle's insert would send it. `build` gets the rows to
 * insert, each value a placeholder (or null), and returns the statement; a value must be plain
 * data (not an SQL expression), and a table whose columns have a `$defaultFn` must be given every
 * such column.
 */
export function compiledInsert<Row extends object, P extends Executes>(
  name: string,
  build: (db: Database, rows: Record<string, unknown>[]) => { prepare(name: string): P },
): (db: Database, rows: Row[]) => ReturnType<P['execute']> {
  const shapes = new Map<string, (db: Database) => P>();
  return (db, given) => {
    const rows = given as Record<string, unknown>[];
    const keys = Object.keys(rows[0] ?? {})
      .filter((key) => rows[0]![key] !== undefined)
      .sort();
    const sameColumns = rows.every((row) => {
      const defined = Object.keys(row).filter((key) => row[key] !== undefined);
      return defined.length === keys.length && defined.every((key) => keys.includes(key));
    });
    const shape = `${keys.join(',')}|${rows
      .map((row) => keys.map((key) => (row[key] === null ? 'n' : 'v')).join(''))
      .join('|')}`;
    // Rows of different columns share no compiled statement: the shape names only the first's.
    let statement = sameColumns ? shapes.get(shape) : undefined;
    if (!statement && sameColumns && shapes.size < INSERT_SHAPES_KEPT) {
      statement = compiledStatement(`${name}_${shapes.size + 1}`, (on) =>
        build(
          on,
          rows.map((row, i) =>
            Object.fromEntries(
              keys.map((key) => [key, row[key] === null ? null : sql.placeholder(`${key}_${i}`)]),
            ),
          ),
        ),
      );
      shapes.set(shape, statement);
    }
    if (!statement) {
      // Rows of different columns, or too many shapes: built for this call only (unnamed).
      return build(db, rows)
        .prepare(undefined as unknown as string)
        .execute() as ReturnType<P['execute']>;
    }
    const values: Record<string, unknown> = {};
    rows.forEach((row, i) => {
      for (const key of keys) if (row[key] !== null) values[`${key}_${i}`] = row[key];
    });
    return statement(db).execute(values) as ReturnType<P['execute']>;
  };
}
