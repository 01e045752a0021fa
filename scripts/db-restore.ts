import { databasePath } from '../db/client';
import { BackupRefusal, restoreDatabase } from '../db/backup';
import { reapplyErasures } from '../app/models/privacy/account-deletion.server';

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
  // Whoever was erased after the backup was taken goes again now, not at the next start (decision 054).
  const erasedAgain = reapplyErasures();
  console.log(`Contas apagadas depois do backup e apagadas de novo: ${erasedAgain.length}`);
  console.log(
    `Tamanho: ${summary.bytes} bytes; páginas: ${summary.pages}; migrações aplicadas depois: ${summary.migrationsApplied}; integrity_check: ok`,
  );
} catch (error) {
  console.error(error instanceof BackupRefusal ? `Restauração recusada: ${error.message}` : error);
  process.exitCode = 1;
}
