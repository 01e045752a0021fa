import { describe, expect, it } from 'vitest';
import { stripeConfigurationError } from './stripe.server';

describe('stripeConfigurationError: what refuses a production start', () => {
  const live = { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x' };

  it('a real key without a valid PUBLIC_ORIGIN refuses, saying so in Portuguese', () => {
    expect(stripeConfigurationError(live)).toMatch(/^PUBLIC_ORIGIN não definido com STRIPE_SECRET_KEY em produção: .*Defina PUBLIC_ORIGIN/);
    expect(stripeConfigurationError({ ...live, PUBLIC_ORIGIN: '  ' })).toMatch(/^PUBLIC_ORIGIN não definido/);
    expect(stripeConfigurationError({ ...live, PUBLIC_ORIGIN: 'e-engenharia.fly.dev' })).toMatch(
      /^PUBLIC_ORIGIN inválido \("e-engenharia.fly.dev"\)/,
    );
    expect(stripeConfigurationError({ ...live, PUBLIC_ORIGIN: 'ftp://e-engenharia.fly.dev' })).toMatch(/^PUBLIC_ORIGIN inválido/);
  });

  it('a real key with a valid PUBLIC_ORIGIN starts; so does development, and the test mode without one', () => {
    expect(stripeConfigurationError({ ...live, PUBLIC_ORIGIN: 'https://e-engenharia.fly.dev' })).toBeNull();
    expect(stripeConfigurationError({ NODE_ENV: 'development', STRIPE_SECRET_KEY: 'sk_test_x' })).toBeNull();
    expect(stripeConfigurationError({ NODE_ENV: 'production', STRIPE_TEST_MODE: '1' })).toBeNull();
  });

  it('no key in production still refuses unless STRIPE_TEST_MODE=1', () => {
    expect(stripeConfigurationError({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://e-engenharia.fly.dev' })).toMatch(
      /^STRIPE_SECRET_KEY não definido em produção/,
    );
  });
});
