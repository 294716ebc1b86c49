import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/** A plain select; anything else (insert, update, delete, with, begin, commit, DDL, set) counts as a write. */
const READ_ONLY = /^\s*select\s/i;

/**
 * Counts the statements that may write. PGlite lives in this process and nothing else opens its files, so every write
 * to the database passes here: an answer read while the count did not move is still what the database holds, which
 * lets the server keep such answers in memory exactly as long as they are true (sessions, issue #18).
 */
class WriteCount {
  #count = 0;

  get value(): number {
    return this.#count;
  }

  /** Counted when the statement starts: a read that starts after it may see its effect. */
  note(sqlText: string): void {
    if (!READ_ONLY.test(sqlText)) this.#count += 1;
  }
}

/**
 * Kysely dialect over embedded PGlite. PGlite is a single connection, so the driver hands it to one holder at a time:
 * a transaction then never interleaves with statements from another request.
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    readonly writes: WriteCount = new WriteCount(),
  ) {}

  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.writes);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite,
    private readonly writes: WriteCount,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    this.writes.note(compiledQuery.sql);
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    return {
      rows: result.rows,
      ...(result.affectedRows === undefined ? {} : { numAffectedRows: BigInt(result.affectedRows) }),
    };
  }

  // eslint-disable-next-line require-yield -- the interface demands a generator; PGlite has no cursors to stream from.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite no admite consultas en streaming');
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(
    private readonly pglite: PGlite,
    writes: WriteCount,
  ) {
    this.#connection = new PGliteConnection(pglite, writes);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    await this.pglite.close();
  }
}
