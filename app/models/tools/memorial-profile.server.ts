import { eq } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { memorialProfiles, type MemorialProfileRow } from '../../../db/schema';
import {
  EMPTY_MEMORIAL_PROFILE,
  memorialProfileSchema,
  type MemorialProfile,
  type MemorialProfileInput,
} from '../../schemas/memorial-profile';
import { AppError } from '../../utils/errors';

/**
 * The 'Dados do projeto' of the calculation memorial: one set per user, the last one saved,
 * offered again on the next memorial. A user only ever reads and writes their own (the caller
 * passes the signed-in user's id).
 */

const toMemorialProfile = (row: MemorialProfileRow | undefined): MemorialProfile =>
  row
    ? { projectName: row.projectName, client: row.client, place: row.place, engineerName: row.engineerName, crea: row.crea, art: row.art }
    : { ...EMPTY_MEMORIAL_PROFILE };

export function getMemorialProfile(userId: number, executor: Executor = db): MemorialProfile {
  return toMemorialProfile(executor.select().from(memorialProfiles).where(eq(memorialProfiles.userId, userId)).get());
}

/** Validates (the form's schema: trimmed, bounded, no hidden characters) and replaces the user's profile. */
export function saveMemorialProfile(userId: number, input: MemorialProfileInput, executor: Executor = db): MemorialProfile {
  const parsed = memorialProfileSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(400, issue.message, typeof issue.path[0] === 'string' ? issue.path[0] : undefined);
  }
  const values = { ...parsed.data, updatedAt: new Date() };
  const row = executor
    .insert(memorialProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: memorialProfiles.userId, set: values })
    .returning()
    .get();
  return toMemorialProfile(row);
}
