import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyIdentityWithLimits } from '~/models/accounts/account-flows.server';
import { action as loginAction } from '~/routes/api+/login';
import { addressKey, resetAllLimits } from '~/utils/rate-limit.server';
import { call, createUser, jsonRequest } from '../setup/helpers';

/**
 * Issue 26, items 6 and 7: the CPF recovery limit was keyed on the lower-cased identifier while
 * the lookup folds full-width letters ('ｂasico' found 'basico' with a fresh budget), and each
 * IPv6 address of one /64 had a budget of its own.
 */

beforeEach(() => {
  resetAllLimits();
  vi.stubEnv('TRUST_FLY_CLIENT_IP', '1');
});
afterEach(() => vi.unstubAllEnvs());

const login = (address: string, email: string) =>
  call(
    loginAction,
    jsonRequest('/api/login', { email, password: 'errada-123' }, { headers: { 'Fly-Client-IP': address } }),
    {},
    { clientAddress: '10.0.0.1' },
  );

describe('per-address limits', () => {
  it('count a whole IPv6 /64 as one client: 30 misses from ::1, then ::2 and ::3 of the same /64 are 429', async () => {
    for (let i = 0; i < 30; i++) expect((await login('2001:db8:1:1::1', `ninguem-${i}@example.com`)).status).toBe(401);
    expect((await login('2001:db8:1:1::1', 'ninguem-a@example.com')).status).toBe(429);
    expect((await login('2001:db8:1:1::2', 'ninguem-b@example.com')).status).toBe(429);
    expect((await login('2001:0db8:0001:0001:ffff:ffff:ffff:3', 'ninguem-c@example.com')).status).toBe(429);
    // Another /64 is another client.
    expect((await login('2001:db8:1:2::1', 'ninguem-d@example.com')).status).toBe(401);
  });

  it('an IPv4-mapped IPv6 address counts as the IPv4 address', async () => {
    for (let i = 0; i < 30; i++) expect((await login('203.0.113.40', `outro-${i}@example.com`)).status).toBe(401);
    expect((await login('::ffff:203.0.113.40', 'outro-x@example.com')).status).toBe(429);
  });

  it('addressKey: /64 for IPv6 in any spelling, the IPv4 address for a mapped one, anything else as it is', () => {
    expect(addressKey('2001:db8:1:1::1')).toBe('2001:db8:1:1::/64');
    expect(addressKey('2001:0DB8:0001:0001:abcd::9')).toBe('2001:db8:1:1::/64');
    expect(addressKey('[2001:db8:1:1::1]')).toBe('2001:db8:1:1::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:c000:201')).toBe('192.0.2.1');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('local')).toBe('local');
  });
});

describe('per-account limits', () => {
  it('the CPF recovery budget of an account is shared by every spelling the lookup folds to it', async () => {
    const user = await createUser({ username: 'basico' });
    const tries = async (identifier: string, address: string) => {
      try {
        await verifyIdentityWithLimits(address, identifier, '11144477735');
        return 200;
      } catch (error) {
        return (error as { status: number }).status;
      }
    };
    for (let i = 0; i < 5; i++) expect(await tries(user.username, `198.51.100.${i + 1}`)).not.toBe(429);
    for (const spelling of ['ｂasico', 'bａsico', 'basｉco', 'BASICO', ' basico '])
      expect(await tries(spelling, '198.51.100.60'), spelling).toBe(429);
  });
});
