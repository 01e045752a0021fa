import { describe, expect, test } from 'vitest';
import { accountFullNameSchema, FULL_NAME_MESSAGES } from './full-name';

const parse = (fullName: unknown) => accountFullNameSchema.safeParse({ fullName });
const error = (fullName: unknown) => {
  const result = parse(fullName);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("'Nome completo'", () => {
  test.each(['Maria da Silva', 'João Conceição', "Ana D'Ávila", 'Marcos d’Ávila Oliveira', 'Ana-Luísa Prado', 'Zoë Ñúñez', 'Renée O’Neil'])(
    'accepts %s',
    (name) => {
      expect(parse(name)).toMatchObject({ success: true, data: { fullName: name } });
    },
  );

  test('collapses spaces and trims', () => {
    expect(parse('  Maria   da  Silva ')).toMatchObject({ success: true, data: { fullName: 'Maria da Silva' } });
  });

  test.each([
    ['Maria\u202E avliS', FULL_NAME_MESSAGES.characters],
    ['Maria\u200B Silva', FULL_NAME_MESSAGES.characters],
    ['Maria\u0000 Silva', FULL_NAME_MESSAGES.characters],
    ['Maria\tSilva', FULL_NAME_MESSAGES.characters],
    ['Maria Silva 2', FULL_NAME_MESSAGES.characters],
    ['Maria <b>Silva</b>', FULL_NAME_MESSAGES.characters],
    ["Maria ' Silva", FULL_NAME_MESSAGES.characters],
    ['-Maria Silva', FULL_NAME_MESSAGES.characters],
    ['Maria', FULL_NAME_MESSAGES.twoWords],
    ['', FULL_NAME_MESSAGES.required],
    ['   ', FULL_NAME_MESSAGES.required],
    [`Maria ${'a'.repeat(120)}`, FULL_NAME_MESSAGES.tooLong],
    [42, FULL_NAME_MESSAGES.required],
  ])('refuses %j', (name, message) => {
    expect(error(name)).toBe(message);
  });
});
