import { copyFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

// Runs before each test file's modules load, so db/client.ts opens this file's own copy.
const TMP_DIR = join(process.cwd(), 'tests', '.tmp');
const file = join(TMP_DIR, `test-${randomUUID()}.db`);
copyFileSync(join(TMP_DIR, 'base.db'), file);
process.env.DATABASE_URL = `file:${file}`;
process.env.SESSION_SECRET ??= 'test-session-secret';
