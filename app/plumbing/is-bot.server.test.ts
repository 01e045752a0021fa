import { isbot } from 'isbot';
import { describe, expect, test } from 'vitest';
import { BOT_ANSWERS_KEPT, botAnswersKept, isBotAgent } from './is-bot.server';

const AGENTS = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'curl/8.5.0',
  '',
];

describe('isBotAgent', () => {
  test('answers as isbot does, the first time and when kept', () => {
    for (const agent of AGENTS) {
      expect(isBotAgent(agent), agent).toBe(isbot(agent));
      expect(isBotAgent(agent), agent).toBe(isbot(agent));
    }
    expect(isBotAgent(AGENTS[2]!)).toBe(true);
    expect(isBotAgent(AGENTS[0]!)).toBe(false);
  });

  test('keeps at most BOT_ANSWERS_KEPT agents, however many distinct ones arrive', () => {
    for (let i = 0; i < BOT_ANSWERS_KEPT * 3; i++) isBotAgent(`agent-${i}/1.0 (compatible)`);
    expect(botAnswersKept()).toBeLessThanOrEqual(BOT_ANSWERS_KEPT);
    expect(isBotAgent('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)')).toBe(true);
  });
});
