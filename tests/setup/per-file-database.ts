import { copyFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

// Runs before each test file's modules load, so db/client.ts opens this file's own copy.
const dir = process.env.TEST_DB_DIR;
if (!dir) throw new Error('TEST_DB_DIR is not set: tests/setup/global-setup.ts did not run.');
const file = join(dir, `test-${randomUUID()}.db`);
copyFileSync(join(dir, 'base.db'), file);
process.env.DATABASE_URL = `file:${file}`;
process.env.SESSION_SECRET ??= 'test-session-secret';
