import { databasePath } from '../db/client';
import { backupDatabase, BackupRefusal } from '../db/backup';

/**
 * `npm run db:backup [DESTINO]`: a consistent copy of the database of DATABASE_URL, taken while
 * the server keeps serving (SQLite's online backup API), checked with integrity_check.
 */
try {
  const summary = await backupDatabase(databasePath(), process.argv[2]);
  console.log(`Backup criado: ${summary.path}`);
  console.log(`Tamanho: ${summary.bytes} bytes; páginas: ${summary.pages} de ${summary.pageSize} bytes; integrity_check: ok`);
} catch (error) {
  console.error(error instanceof BackupRefusal ? `Backup recusado: ${error.message}` : error);
  process.exitCode = 1;
}
