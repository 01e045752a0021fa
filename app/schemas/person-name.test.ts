import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminUserCreateSchema, adminUserEditFormSchema, adminUserUpdateSchema } from './admin-user';
import { profileApiSchema, profileSchema, registerApiSchema, registerSchema } from './auth';
import { contactSchema } from './contact';
import { memorialProfileSchema } from './memorial-profile';
import { INVISIBLE_CHARACTERS_MESSAGE } from './person-name';

/**
 * Issue 26, item 11: a username could hold U+202E (it is the name printed on certificates) while
 * the memorial form already refused it. Every name field now goes through `personName`.
 */

const INVISIBLE = ['\u202E', '\u2066', '\u200B', '\u200D', '\uFEFF', '\u00AD', '\u0007', '\u2028', '\uE000'];
const valid = { email: 'ana@example.com', cpf: '52998224725', password: 'senha123' };

const NAME_FIELDS: Array<[string, z.ZodTypeAny, (name: string) => Record<string, unknown>, string]> = [
  ['registration', registerSchema, (username) => ({ ...valid, username }), 'username'],
  ['POST /api/register', registerApiSchema, (username) => ({ ...valid, username }), 'username'],
  ['the profile form', profileSchema, (username) => ({ username, email: valid.email }), 'username'],
  ['PATCH /api/profile', profileApiSchema, (username) => ({ username }), 'username'],
  ['the admin’s new user', adminUserCreateSchema, (username) => ({ ...valid, username, cpf: '' }), 'username'],
  ['PATCH /api/users/{id}', adminUserUpdateSchema, (username) => ({ username }), 'username'],
  [
    'the admin’s edit dialog',
    adminUserEditFormSchema,
    (username) => ({ id: '1', username, email: valid.email, cpf: '', role: 'E-BASIC' }),
    'username',
  ],
  [
    'the contact form',
    contactSchema,
    (name) => ({ name, email: valid.email, subject: 'Dúvida', message: 'Uma mensagem longa o bastante.' }),
    'name',
  ],
  ['the memorial', memorialProfileSchema, (engineerName) => ({ engineerName }), 'engineerName'],
];

describe.each(NAME_FIELDS)('%s', (_label, schema, input, field) => {
  it('takes a plain name with accents and a space', () => {
    expect(schema.safeParse(input('Joana Araújo')).success).toBe(true);
  });

  it.each(INVISIBLE.map((character) => [character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0'), character]))(
    'refuses a name holding U+%s',
    (_code, character) => {
      const parsed = schema.safeParse(input(`Joana${character}Araújo`));
      expect(parsed.success).toBe(false);
      const issue = parsed.error!.issues.find((candidate) => candidate.path[0] === field);
      expect(issue?.message).toMatch(
        field === 'username' && _label.startsWith('POST') ? /invisible/ : new RegExp(INVISIBLE_CHARACTERS_MESSAGE),
      );
    },
  );
});
