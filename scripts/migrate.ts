import { databasePath, openDatabase } from '../db/client';
import { applyMigrations } from '../db/migrate';

/** Applies pending migrations to DATABASE_URL (run before the server starts). */
const path = databasePath();
const { db, sqlite } = openDatabase(path);
applyMigrations(db);
sqlite.close();
console.log(`Migrações aplicadas em ${path}`);
