import Database from 'better-sqlite3';
import { databasePath, db } from '../../../db/client';
import { tools } from '../../../db/schema';

type ToolInsert = typeof tools.$inferInsert;

/** Empties the tools table and adds 'Alfa' (mechanical, with `alfa`'s fields) and 'Beta' (chemical, external), both E-BASIC. */
export function onlyAlfaAndBeta(alfa: Partial<ToolInsert>) {
  db.delete(tools).run();
  const [first, second] = db
    .insert(tools)
    .values([
      { name: 'Alfa', description: 'Primeira ferramenta.', category: 'mechanical', accessLevel: 'E-BASIC', ...alfa },
      {
        name: 'Beta',
        description: 'Segunda ferramenta.',
        category: 'chemical',
        accessLevel: 'E-BASIC',
        linkType: 'external',
        link: 'https://example.com/b',
      },
    ])
    .returning()
    .all();
  return { alfa: first!, beta: second! };
}

/** A write by another connection to the same file, as another process would make it. */
export function writeFromAnotherConnection(sql: string, ...params: unknown[]) {
  const other = new Database(databasePath());
  try {
    other.prepare(sql).run(...params);
  } finally {
    other.close();
  }
}
