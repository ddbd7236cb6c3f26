import type { CompiledQuery, DatabaseConnection, Dialect, Driver, OperationNode, QueryCompiler, QueryResult, TransactionSettings } from 'kysely';

/** Stands for "some table, unknown which": a raw write or a schema change counts as a write to every table. */
const ANY = '*';

/**
 * Which tables a statement may change; empty for a read. Read from the statement's own tree, not
 * its text, except for raw SQL: a raw statement that does not start with a read keyword counts as
 * a write to every table, so a write is never missed (decision 032, "cached pages and sessions").
 */
export function writtenTables(query: CompiledQuery): { tables: string[]; insertOnly: boolean } {
  const node = query.query as OperationNode & Record<string, unknown>;
  const nameOf = (n: unknown): string => {
    const t = n as { kind?: string; table?: { identifier?: { name?: string } }; node?: unknown } | undefined;
    if (t?.kind === 'TableNode') return t.table?.identifier?.name ?? ANY;
    if (t?.kind === 'AliasNode') return nameOf(t.node);
    return ANY;
  };
  switch (node.kind) {
    case 'SelectQueryNode':
      return { tables: [], insertOnly: false };
    case 'InsertQueryNode':
      // An upsert may change an existing row.
      return { tables: [nameOf(node.into)], insertOnly: !node.onConflict && !node.onDuplicateKey && !node.replace };
    case 'UpdateQueryNode':
      return { tables: [nameOf(node.table)], insertOnly: false };
    case 'DeleteQueryNode':
      return { tables: ((node.from as { froms?: unknown[] } | undefined)?.froms ?? [undefined]).map(nameOf), insertOnly: false };
    case 'RawNode':
      return /^\s*(select|explain|show|values)\b/i.test(query.sql) ? { tables: [], insertOnly: false } : { tables: [ANY], insertOnly: false };
    default:
      return { tables: [ANY], insertOnly: false };
  }
}

/**
 * Counts committed writes per table on this process's database handle, so a cache can tell
 * whether what it read is still what the database holds (decision 032): a reader takes `stamp()`
 * before it reads and keeps its answer only under that stamp; every write bumps its tables' count
 * once it is committed (after COMMIT for a transaction, after the statement otherwise). A reader
 * that overlapped a write therefore never keeps its answer past the write. Other processes'
 * writes (PostgreSQL nodes) are not seen here: caches bound those by age.
 */
export class ChangeTracker {
  private readonly counts = new Map<string, number>();

  /**
   * A number that changes whenever one of `tables` is written, or one of `changedOnly` is written
   * otherwise than by a plain insert (a new row cannot alter a cached answer about existing ones),
   * or an unknown table is written. A sum of counts that only grow: it moves when any of them does.
   */
  stamp(tables: readonly string[], changedOnly: readonly string[] = []): number {
    let sum = this.counts.get(ANY) ?? 0;
    for (const t of tables) sum += this.counts.get(t) ?? 0;
    for (const t of changedOnly) sum += this.counts.get(`${t}:change`) ?? 0;
    return sum;
  }

  /** Records committed writes. Inserts are counted apart so a cache of existing rows may ignore them. */
  committed(writes: Iterable<{ table: string; insertOnly: boolean }>): void {
    for (const { table, insertOnly } of writes) {
      this.bump(table);
      if (!insertOnly) this.bump(`${table}:change`);
    }
  }

  private bump(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
}

/** A connection that notes the tables each statement writes: at once outside a transaction, at COMMIT inside one. */
class TrackedConnection implements DatabaseConnection {
  pending: { table: string; insertOnly: boolean }[] | undefined;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly changes: ChangeTracker,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      // Counted even when it failed: a failed statement may still have written (a trigger, a partial batch).
      const { tables, insertOnly } = writtenTables(query);
      if (tables.length > 0) {
        const writes = tables.map((table) => ({ table, insertOnly }));
        if (this.pending) this.pending.push(...writes);
        else this.changes.committed(writes);
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class TrackingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly changes: ChangeTracker,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new TrackedConnection(await this.inner.acquireConnection(), this.changes);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as TrackedConnection;
    await this.inner.beginTransaction(c.inner, settings);
    c.pending = [];
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as TrackedConnection;
    try {
      await this.inner.commitTransaction(c.inner);
    } finally {
      this.settle(c);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as TrackedConnection;
    try {
      await this.inner.rollbackTransaction(c.inner);
    } finally {
      // Nothing was committed, but counting costs only a cache miss.
      this.settle(c);
    }
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    const c = connection as TrackedConnection;
    this.settle(c);
    return this.inner.releaseConnection(c.inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  // Savepoints stay inside the transaction: its writes are counted at its COMMIT.
  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.savepoint) throw new Error('savepoints are not supported by this driver');
    return this.inner.savepoint((connection as TrackedConnection).inner, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('savepoints are not supported by this driver');
    return this.inner.rollbackToSavepoint((connection as TrackedConnection).inner, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('savepoints are not supported by this driver');
    return this.inner.releaseSavepoint((connection as TrackedConnection).inner, name, compile);
  }

  private settle(c: TrackedConnection): void {
    const writes = c.pending;
    c.pending = undefined;
    if (writes?.length) this.changes.committed(writes);
  }
}

/** `dialect` with every statement's writes counted in `changes`. */
export function trackChanges(dialect: Dialect, changes: ChangeTracker): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new TrackingDriver(dialect.createDriver(), changes),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
