import { describe, expect, it } from 'vitest';
import { actionLabel } from './course-card';

const open = { state: 'open', hasAccess: true, hasPurchased: false, isAdmin: false } as const;

describe("the course card's button", () => {
  it("says 'Acessar curso' before the first lesson, 'Continuar curso' part-way and 'Revisar curso' with every lesson done", () => {
    expect(actionLabel({ access: open, progress: null })).toBe('Acessar curso');
    expect(actionLabel({ access: open, progress: { done: 0, total: 4 } })).toBe('Acessar curso');
    expect(actionLabel({ access: open, progress: { done: 3, total: 4 } })).toBe('Continuar curso');
    expect(actionLabel({ access: open, progress: { done: 4, total: 4 } })).toBe('Revisar curso');
  });

  it('still asks for a code or shows the details of a course the viewer cannot open', () => {
    expect(actionLabel({ access: { ...open, state: 'promo', hasAccess: false }, progress: null })).toBe('Desbloquear');
    expect(actionLabel({ access: { ...open, state: 'premium', hasAccess: false }, progress: null })).toBe('Ver detalhes');
  });
});
