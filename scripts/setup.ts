import { databasePath, sqliteConnection, db } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { seedDemo } from './seed-demo';

/**
 * Migrates and seeds; safe to run again. In production the demo data is added only with
 * SEED_DEMO=1.
 */
applyMigrations(db);
console.log(`Banco de dados pronto em ${databasePath()}`);
if (process.env.NODE_ENV !== 'production' || process.env.SEED_DEMO === '1') {
  const created = await seedDemo();
  console.log(created ? 'Dados de demonstração criados.' : 'Dados de demonstração já existem.');
}
sqliteConnection().close();
