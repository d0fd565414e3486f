import type { Db } from '@bastion/db';

export interface StatementCount {
  all: number;
  inTransaction: number;
}

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback)\b/i;

/**
 * Counts the SQL statements a request sends, and how many of them run inside a transaction: pass
 * `onQuery` to createTestApp, then `watch` its db. One request at a time.
 */
export function createStatementCounter() {
  let inTransaction = false;
  let sent: boolean[] = [];
  return {
    onQuery: (sql: string) => {
      // node-postgres sends a transaction's own begin and commit through Drizzle; PGlite does not.
      if (!TRANSACTION_CONTROL.test(sql)) sent.push(inTransaction);
    },
    watch(db: Db) {
      const transaction = db.transaction.bind(db);
      db.transaction = ((run, config) =>
        transaction(async (tx) => {
          inTransaction = true;
          try {
            return await run(tx);
          } finally {
            inTransaction = false;
          }
        }, config)) as Db['transaction'];
    },
    async count(request: () => Promise<unknown>): Promise<StatementCount> {
      sent = [];
      await request();
      return { all: sent.length, inTransaction: sent.filter(Boolean).length };
    },
  };
}
