import { databasePath } from '../db/client';
import { BackupRefusal, restoreDatabase } from '../db/backup';

/**
 * `npm run db:restore ARQUIVO`: checks the backup (SQLite, integrity_check, the app's migrations,
 * none newer than this build), saves the current database to backups/pre-restore-…, and puts the
 * backup in its place, even with the server running (docs/decisions/017-backups-and-restore.md).
 */
const file = process.argv[2];
if (!file) {
  console.error('Uso: npm run db:restore -- ARQUIVO');
  process.exit(2);
}
try {
  const summary = await restoreDatabase(file, databasePath());
  if (summary.previous) console.log(`Banco anterior guardado em: ${summary.previous.path}`);
  console.log(`Restaurado em ${summary.path} a partir de ${file}`);
  console.log(`Tamanho: ${summary.bytes} bytes; páginas: ${summary.pages}; migrações aplicadas depois: ${summary.migrationsApplied}; integrity_check: ok`);
} catch (error) {
  console.error(error instanceof BackupRefusal ? `Restauração recusada: ${error.message}` : error);
  process.exitCode = 1;
}
