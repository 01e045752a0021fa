import { queryTiming, sqliteConnection } from '../../../db/client';

/** The SQL texts prepared on the process's one connection while `run` runs (better-sqlite3's prepare, wrapped). */
export async function preparedDuring(run: () => Promise<unknown> | unknown): Promise<string[]> {
  const sqlite = sqliteConnection();
  const prepare = sqlite.prepare;
  const prepared: string[] = [];
  sqlite.prepare = ((source: string) => {
    prepared.push(source);
    return prepare.call(sqlite, source);
  }) as typeof sqlite.prepare;
  try {
    await run();
  } finally {
    sqlite.prepare = prepare;
  }
  return prepared;
}

/** How many transactions drizzle opens on the process's connection while `run` runs. */
export async function transactionsDuring(run: () => Promise<unknown> | unknown): Promise<number> {
  const connection = globalThis.__db!.db;
  const transaction = connection.transaction;
  let transactions = 0;
  connection.transaction = ((...args: Parameters<typeof transaction>) => {
    transactions++;
    return transaction(...args);
  }) as typeof transaction;
  try {
    await run();
  } finally {
    connection.transaction = transaction;
  }
  return transactions;
}

/** How many statements the process's connection runs while `run` runs (db/client.ts's `queryTiming` hook). */
export async function statementsDuring(run: () => unknown): Promise<number> {
  let statements = 0;
  const observe = queryTiming.observe;
  queryTiming.observe = () => {
    statements += 1;
  };
  try {
    await run();
  } finally {
    queryTiming.observe = observe;
  }
  return statements;
}
