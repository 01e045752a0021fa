import { describe, expect, it } from 'vitest';
import type { Role, ToolLevel } from '../../../db/schema';
import { parseCpfList, toolAccess } from './tool-access';

const CPF = '39053344705';
const OTHER_CPF = '11144477735';
const user = (role: Role, cpf: string | null = OTHER_CPF) => ({ role, cpf });
const tool = (accessLevel: ToolLevel, restrictedCpfs: string | null = null) => ({ accessLevel, restrictedCpfs });

describe('toolAccess by level', () => {
  const expected: Record<Role, Record<ToolLevel, string>> = {
    'E-BASIC': { 'E-BASIC': 'open', 'E-TOOL': 'locked', 'E-MASTER': 'locked' },
    'E-TOOL': { 'E-BASIC': 'open', 'E-TOOL': 'open', 'E-MASTER': 'locked' },
    'E-MASTER': { 'E-BASIC': 'open', 'E-TOOL': 'open', 'E-MASTER': 'open' },
    admin: { 'E-BASIC': 'open', 'E-TOOL': 'open', 'E-MASTER': 'open' },
  };
  for (const [role, levels] of Object.entries(expected)) {
    for (const [level, access] of Object.entries(levels)) {
      it(`${role} on an ${level} tool is ${access}`, () => {
        expect(toolAccess(user(role as Role), tool(level as ToolLevel))).toBe(access);
      });
    }
  }
});

describe('toolAccess with a CPF whitelist', () => {
  it('hides the tool from a non-admin whose CPF is not listed, even an E-MASTER', () => {
    expect(toolAccess(user('E-MASTER'), tool('E-BASIC', CPF))).toBe('hidden');
  });

  it('hides the tool from a user without a CPF', () => {
    expect(toolAccess(user('E-TOOL', null), tool('E-BASIC', CPF))).toBe('hidden');
  });

  it('opens an E-MASTER tool to a listed E-BASIC user (the whitelist overrides the level)', () => {
    expect(toolAccess(user('E-BASIC', CPF), tool('E-MASTER', `${OTHER_CPF.slice(0, 3)}00000000,${CPF}`))).toBe('open');
  });

  it('compares digits only, on both sides', () => {
    expect(toolAccess(user('E-BASIC', '390.533.447-05'), tool('E-MASTER', ' 390.533.447-05 , 52998224725'))).toBe('open');
  });

  it('lets admins see and use restricted tools', () => {
    expect(toolAccess(user('admin', null), tool('E-MASTER', CPF))).toBe('open');
  });

  it('treats an empty or punctuation-only list as no restriction', () => {
    expect(toolAccess(user('E-BASIC'), tool('E-BASIC', ' , '))).toBe('open');
    expect(toolAccess(user('E-BASIC'), tool('E-TOOL', ''))).toBe('locked');
  });
});

describe('parseCpfList', () => {
  it('splits on commas and keeps digits only', () => {
    expect(parseCpfList('390.533.447-05, 52998224725,,')).toEqual(['39053344705', '52998224725']);
    expect(parseCpfList(null)).toEqual([]);
  });
});
