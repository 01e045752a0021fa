import { beforeEach, describe, expect, it } from 'vitest';
import { action as authAction } from '~/routes/_auth+/auth';
import { toolInputSchema } from '~/schemas/tool';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { call, createUser, expectRedirect, formRequest } from '../setup/helpers';

/** Findings of the production-build probe (issue 7, item 9), one block per finding. */

beforeEach(() => resetAllLimits());

const postAuth = (fields: Record<string, string>, options: { cookie?: string; context?: Record<string, unknown> } = {}) =>
  call(authAction, formRequest('/auth', fields, { cookie: options.cookie }), {}, options.context);

describe('a) redirect targets stay on this site', () => {
  const OFF_SITE = [
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\u0000/evil.example',
    '//evil.example',
    '/\\evil.example',
    '/ /evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ];

  it('a login with an off-site or malformed redirectTo goes to /dashboard (never a 500, never another host)', async () => {
    for (const redirectTo of OFF_SITE) {
      const user = await createUser();
      const response = await postAuth({ intent: 'login', email: user.email, password: 'senha123', redirectTo });
      expectRedirect(response, '/dashboard');
    }
  });

  it('a login keeps a same-site path with its query', async () => {
    const user = await createUser();
    const response = await postAuth({ intent: 'login', email: user.email, password: 'senha123', redirectTo: '/calculators/torque?p=2#r' });
    expectRedirect(response, '/calculators/torque?p=2#r');
  });

  it('an internal tool link must be a path of this site by the same rule', () => {
    const tool = { name: 'Ferramenta', description: 'Uma ferramenta', category: 'mechanical', accessLevel: 'E-BASIC', linkType: 'internal' };
    for (const link of ['/\t/evil.example', '/\u0000x', '/a\u2028b', '/\u202eevil']) {
      expect(toolInputSchema.safeParse({ ...tool, link }).success, JSON.stringify(link)).toBe(false);
    }
    expect(toolInputSchema.safeParse({ ...tool, link: '/calculators/torque' }).success).toBe(true);
  });
});
