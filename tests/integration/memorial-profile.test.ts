import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db, sqliteConnection } from '../../db/client';
import { memorialProfiles } from '../../db/schema';
import { deleteOwnAccount } from '~/models/privacy/account-deletion.server';
import { exportPersonalData } from '~/models/privacy/personal-data.server';
import { getMemorialProfile, saveMemorialProfile } from '~/models/tools/memorial-profile.server';
import { EMPTY_MEMORIAL_PROFILE, MEMORIAL_MESSAGES, type MemorialProfileInput } from '~/schemas/memorial-profile';
import { isAppError } from '~/utils/errors';
import { createUser } from '../setup/helpers';

const PROFILE = {
  projectName: 'Galpão Industrial Norte',
  client: 'Metalúrgica Paulista Ltda.',
  place: 'Rua das Indústrias, 100 — Campinas/SP',
  engineerName: 'Ana Beatriz Souza',
  crea: 'SP-123456/D',
  art: '28027230201234567',
};

function refusal(input: MemorialProfileInput) {
  try {
    saveMemorialProfile(1, input);
  } catch (error) {
    if (isAppError(error)) return { status: error.status, message: error.message, field: error.field };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the memorial project data (memorial_profiles)', () => {
  test('a user without saved data gets blank fields; saving keeps trimmed values and replaces the previous set', async () => {
    const user = await createUser();
    expect(getMemorialProfile(user.id)).toEqual(EMPTY_MEMORIAL_PROFILE);

    const saved = saveMemorialProfile(user.id, { ...PROFILE, projectName: '  Galpão   Industrial Norte  ', crea: ' SP-123456/D ' });
    expect(saved).toEqual(PROFILE);
    expect(getMemorialProfile(user.id)).toEqual(PROFILE);

    saveMemorialProfile(user.id, { projectName: 'Reforma da subestação' });
    expect(getMemorialProfile(user.id)).toEqual({ ...EMPTY_MEMORIAL_PROFILE, projectName: 'Reforma da subestação' });
    expect(db.select().from(memorialProfiles).where(eq(memorialProfiles.userId, user.id)).all()).toHaveLength(1);
  });

  test("each user reads only their own data: B never sees A's project", async () => {
    const a = await createUser();
    const b = await createUser();
    saveMemorialProfile(a.id, PROFILE);
    expect(getMemorialProfile(b.id)).toEqual(EMPTY_MEMORIAL_PROFILE);
    saveMemorialProfile(b.id, { projectName: 'Projeto de B', crea: '5061234567' });
    expect(getMemorialProfile(a.id)).toEqual(PROFILE);
    expect(getMemorialProfile(b.id)).toEqual({ ...EMPTY_MEMORIAL_PROFILE, projectName: 'Projeto de B', crea: '5061234567' });
  });

  test('bad values are refused with a Portuguese message beside their field, and nothing is written', async () => {
    const user = await createUser();
    saveMemorialProfile(user.id, PROFILE);
    expect(refusal({ projectName: 'x'.repeat(121) })).toEqual({
      status: 400,
      message: 'Use no máximo 120 caracteres.',
      field: 'projectName',
    });
    expect(refusal({ place: 'y'.repeat(161) })).toEqual({ status: 400, message: 'Use no máximo 160 caracteres.', field: 'place' });
    expect(refusal({ client: 'Cliente\u0000oculto' })).toEqual({ status: 400, message: MEMORIAL_MESSAGES.hidden, field: 'client' });
    expect(refusal({ client: 'Linha 1\r\nLinha 2' })).toMatchObject({ field: 'client', message: MEMORIAL_MESSAGES.hidden });
    expect(refusal({ engineerName: 'Ana \u202Eazuos' })).toMatchObject({ field: 'engineerName', message: MEMORIAL_MESSAGES.hidden });
    expect(refusal({ crea: 'SP<script>' })).toEqual({ status: 400, message: MEMORIAL_MESSAGES.crea, field: 'crea' });
    expect(refusal({ crea: 'sem número' })).toMatchObject({ field: 'crea', message: MEMORIAL_MESSAGES.crea });
    expect(refusal({ crea: '1'.repeat(31) })).toMatchObject({ field: 'crea', message: 'Use no máximo 30 caracteres.' });
    expect(refusal({ art: "1' OR '1'='1" })).toEqual({ status: 400, message: MEMORIAL_MESSAGES.art, field: 'art' });
    expect(refusal({ art: '9'.repeat(41) })).toMatchObject({ field: 'art', message: 'Use no máximo 40 caracteres.' });
    expect(refusal({ projectName: ['a', 'b'] as unknown as string })).toMatchObject({
      field: 'projectName',
      message: MEMORIAL_MESSAGES.text,
    });
    expect(getMemorialProfile(user.id)).toEqual(PROFILE);
  });

  test('regional CREA and ART spellings are accepted', async () => {
    const user = await createUser();
    for (const crea of ['SP-123456/D', '5061234567', 'MG 12.345/D', 'RJ-2012345678']) {
      expect(saveMemorialProfile(user.id, { crea }).crea).toBe(crea);
    }
    for (const art of ['28027230201234567', 'BR20230123456', '1234-5/2024']) {
      expect(saveMemorialProfile(user.id, { art }).art).toBe(art);
    }
  });

  test('the database refuses overlong values even past the model (CHECK)', async () => {
    const user = await createUser();
    expect(() =>
      sqliteConnection().prepare('insert into memorial_profiles (user_id, crea) values (?, ?)').run(user.id, '1'.repeat(31)),
    ).toThrow(/CHECK constraint failed/);
  });

  test('the data is in the LGPD export and goes with the account', async () => {
    const user = await createUser();
    expect(exportPersonalData(user.id).memorialProfile).toBeNull();
    saveMemorialProfile(user.id, PROFILE);
    expect(exportPersonalData(user.id).memorialProfile).toEqual({ ...PROFILE, updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });

    await deleteOwnAccount(user.id, user.plainPassword, '127.0.0.90');
    expect(db.select().from(memorialProfiles).where(eq(memorialProfiles.userId, user.id)).all()).toEqual([]);
  });
});
