import { describe, expect, it } from 'vitest';
import type { CourseGrantSource, Role } from '../../utils/value-sets';
import { canSeeCourse, courseAccess, type CourseState } from './access.server';

/**
 * The pure access rule (the specification's Roles and permissions, 'Courses', and its States and transitions, 'Course access'), as a table: every role,
 * every kind of course, without and with each kind of entitlement.
 */

type Kind = 'open' | 'premium' | 'promo' | 'promo+price';
const COURSES: Record<Kind, { isHidden: boolean; requiresPromoCode: boolean; priceCents: number | null }> = {
  open: { isHidden: false, requiresPromoCode: false, priceCents: null },
  premium: { isHidden: false, requiresPromoCode: false, priceCents: 19_990 },
  promo: { isHidden: false, requiresPromoCode: true, priceCents: null },
  // A course that needs a code and also has a price asks for the code.
  'promo+price': { isHidden: false, requiresPromoCode: true, priceCents: 4_990 },
};
const KINDS = Object.keys(COURSES) as Kind[];
const SOURCES: CourseGrantSource[] = ['promo', 'purchase', 'admin', 'seed'];

describe('courseAccess without an entitlement', () => {
  const expected: Record<Role, Record<Kind, [CourseState, boolean]>> = {
    'E-BASIC': { open: ['open', false], premium: ['premium', false], promo: ['promo', false], 'promo+price': ['promo', false] },
    'E-TOOL': { open: ['open', false], premium: ['premium', false], promo: ['promo', false], 'promo+price': ['promo', false] },
    'E-MASTER': { open: ['open', true], premium: ['premium', false], promo: ['promo', false], 'promo+price': ['promo', false] },
    admin: { open: ['open', true], premium: ['open', true], promo: ['open', true], 'promo+price': ['open', true] },
  };
  for (const [role, kinds] of Object.entries(expected) as [Role, Record<Kind, [CourseState, boolean]>][]) {
    for (const kind of KINDS) {
      const [state, hasAccess] = kinds[kind];
      it(`${role} on a ${kind} course: ${state}, ${hasAccess ? 'may open it' : 'may not open it'}`, () => {
        expect(courseAccess(role, COURSES[kind], null)).toEqual({ state, hasAccess, hasPurchased: false, isAdmin: role === 'admin' });
      });
    }
  }
});

describe('courseAccess with an entitlement in force', () => {
  for (const source of SOURCES) {
    for (const kind of KINDS) {
      it(`E-MASTER with a ${source} grant opens a ${kind} course (hasPurchased only for a purchase)`, () => {
        expect(courseAccess('E-MASTER', COURSES[kind], { source })).toEqual({
          state: 'open',
          hasAccess: true,
          hasPurchased: source === 'purchase',
          isAdmin: false,
        });
      });
    }
  }

  for (const role of ['E-BASIC', 'E-TOOL'] as const) {
    it(`${role} with a grant still may not open anything (courses are for E-MASTER; the grant waits for the role)`, () => {
      for (const kind of KINDS) {
        const access = courseAccess(role, COURSES[kind], { source: 'purchase' });
        expect(access.hasAccess).toBe(false);
        expect(access.hasPurchased).toBe(true);
      }
    });
  }

  it('an admin is always open, and hasPurchased still tells a purchase', () => {
    expect(courseAccess('admin', COURSES.premium, { source: 'purchase' })).toEqual({
      state: 'open',
      hasAccess: true,
      hasPurchased: true,
      isAdmin: true,
    });
    expect(courseAccess('admin', COURSES.promo, { source: 'promo' })).toEqual({
      state: 'open',
      hasAccess: true,
      hasPurchased: false,
      isAdmin: true,
    });
  });

  it('undefined and null both mean no grant', () => {
    expect(courseAccess('E-MASTER', COURSES.promo, undefined)).toEqual(courseAccess('E-MASTER', COURSES.promo, null));
  });
});

describe('canSeeCourse: hidden courses exist only for admins', () => {
  it.each([
    ['E-BASIC', false],
    ['E-TOOL', false],
    ['E-MASTER', false],
    ['admin', true],
  ] as const)('%s sees a hidden course: %s', (role, sees) => {
    expect(canSeeCourse(role, { isHidden: true })).toBe(sees);
    expect(canSeeCourse(role, { isHidden: false })).toBe(true);
  });
});
