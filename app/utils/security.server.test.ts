import { afterEach, describe, expect, it, vi } from 'vitest';
import { configurationWarnings } from './env.server';
import { clientAddress, contentSecurityPolicy, siteUrl } from './security.server';

const request = (headers: Record<string, string>) => ({ headers: new Headers(headers) });
const NONE = { trustFlyClientIp: false, clientIpHeader: null };

describe('clientAddress', () => {
  it('on Fly, reads Fly-Client-IP and nothing else', () => {
    const fly = { ...NONE, trustFlyClientIp: true, socketAddress: '172.16.0.2' };
    expect(clientAddress(request({ 'Fly-Client-IP': '203.0.113.5', 'X-Real-IP': '1.1.1.1' }), fly)).toBe('203.0.113.5');
    expect(clientAddress(request({ 'X-Real-IP': '1.1.1.1' }), fly)).toBe('172.16.0.2');
  });

  it('with CLIENT_IP_HEADER, reads that header: first entry of a list, trimmed, at most 64 characters', () => {
    const proxied = { ...NONE, clientIpHeader: 'X-Real-IP', socketAddress: '10.0.0.1' };
    expect(clientAddress(request({ 'X-Real-IP': ' 198.51.100.7 , 10.0.0.9' }), proxied)).toBe('198.51.100.7');
    expect(clientAddress(request({ 'X-Real-IP': 'a'.repeat(100) }), proxied)).toBe('a'.repeat(64));
    expect(clientAddress(request({ 'Fly-Client-IP': '203.0.113.5' }), proxied)).toBe('10.0.0.1');
  });

  it('otherwise the socket address, never a client-sent header; without one (tests) "local"', () => {
    const headers = { 'X-Forwarded-For': '1.1.1.1', 'X-Real-IP': '2.2.2.2', 'Fly-Client-IP': '3.3.3.3' };
    expect(clientAddress(request(headers), { ...NONE, socketAddress: '2001:db8::7' })).toBe('2001:db8::7');
    expect(clientAddress(request(headers), NONE)).toBe('local');
  });

  it('gives an IPv4 peer of a dual-stack socket as IPv4 (::ffff:192.0.2.4 is 192.0.2.4)', () => {
    expect(clientAddress(request({}), { ...NONE, socketAddress: '::ffff:192.0.2.4' })).toBe('192.0.2.4');
    expect(clientAddress(request({}), { ...NONE, socketAddress: '::FFFF:10.0.0.1' })).toBe('10.0.0.1');
    expect(clientAddress(request({}), { ...NONE, socketAddress: '::ffff:abcd' })).toBe('::ffff:abcd');
  });
});

describe('configurationWarnings', () => {
  it('warns once about the shared address when neither Fly nor CLIENT_IP_HEADER is configured', () => {
    const warnings = configurationWarnings({ NODE_ENV: 'production' });
    expect(warnings.filter((warning) => warning.includes('CLIENT_IP_HEADER'))).toHaveLength(1);
    expect(configurationWarnings({ FLY_APP_NAME: 'e-engenharia' }).some((warning) => warning.includes('CLIENT_IP_HEADER'))).toBe(false);
    expect(configurationWarnings({ CLIENT_IP_HEADER: 'X-Real-IP' }).some((warning) => warning.includes('CLIENT_IP_HEADER'))).toBe(false);
  });
});

describe('contentSecurityPolicy', () => {
  const directives = (csp: string) => new Map(csp.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)] as const));

  it('allows what Stripe.js needs and nothing more: its script, its frames, its API, and the redirect to Checkout', () => {
    const csp = directives(contentSecurityPolicy('abc', true));
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc'", 'https://js.stripe.com']);
    expect(csp.get('frame-src')).toEqual([
      "'self'",
      'https://www.youtube-nocookie.com',
      'https://drive.google.com',
      'https://js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://checkout.stripe.com']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });
});

describe('siteUrl', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('with PUBLIC_ORIGIN, that origin plus the path, for links and absolute URLs alike', () => {
    vi.stubEnv('PUBLIC_ORIGIN', 'https://e-engenharia.fly.dev/qualquer/caminho');
    vi.stubEnv('PORT', '8080');
    expect(siteUrl('/upgrade/return?session_id=cs_1')).toBe('https://e-engenharia.fly.dev/upgrade/return?session_id=cs_1');
    expect(siteUrl('/api/stripe/webhook', 'absolute')).toBe('https://e-engenharia.fly.dev/api/stripe/webhook');
  });

  it('without PUBLIC_ORIGIN (or with an invalid one), a link is relative and an absolute URL is the loopback port server.js listens on', () => {
    vi.stubEnv('PUBLIC_ORIGIN', '');
    vi.stubEnv('PORT', '4123');
    expect(siteUrl('/?payment_success=true')).toBe('/?payment_success=true');
    expect(siteUrl('/api/stripe/webhook', 'absolute')).toBe('http://127.0.0.1:4123/api/stripe/webhook');
    vi.stubEnv('PUBLIC_ORIGIN', 'e-engenharia.fly.dev');
    vi.stubEnv('PORT', '');
    expect(siteUrl('/calculators/torque-eixo')).toBe('/calculators/torque-eixo');
    expect(siteUrl('/api/stripe/webhook', 'absolute')).toBe('http://127.0.0.1:3000/api/stripe/webhook');
  });

  it('takes only a path of this site, never a host', () => {
    for (const bad of ['//evil.example/x', 'https://evil.example/x', 'upgrade']) expect(() => siteUrl(bad)).toThrow(/path of this site/);
  });
});
