import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent.server';

describe('describeUserAgent', () => {
  it('names the browser with its major version and the system', () => {
    expect(
      describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'),
    ).toBe('Chrome 120 no Windows 10');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 no iOS 17.1');
  });

  it('says it does not know a client it cannot name', () => {
    expect(describeUserAgent('curl/8.0')).toBe('Navegador desconhecido');
    expect(describeUserAgent('')).toBe('Navegador desconhecido');
    expect(describeUserAgent(null)).toBe('Navegador desconhecido');
  });
});
