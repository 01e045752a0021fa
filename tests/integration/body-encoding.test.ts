import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readJson } from '~/utils/api.server';
import { readForm } from '~/utils/form.server';

const post = (body: BodyInit, contentType: string) =>
  new Request('http://localhost/x', { method: 'POST', headers: { 'Content-Type': contentType }, body });

const statusOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'accepted';
  } catch (refusal) {
    return refusal instanceof Response ? refusal.status : (refusal as { status?: number }).status;
  }
};

// Found by the production fuzzing (tests/production/fuzz.spec.ts): a lenient decoder turned
// bytes that are not UTF-8 into U+FFFD, and the record was saved with text nobody sent.
describe('bodies that are not UTF-8', () => {
  const schema = z.object({ message: z.string() });

  it('a JSON body with a byte that is not UTF-8 is a 400, not a stored U+FFFD', async () => {
    const body = Buffer.concat([Buffer.from('{"message":"a'), Buffer.from([0xff]), Buffer.from('"}')]);
    expect(await statusOf(readJson(post(body, 'application/json'), schema))).toBe(400);
    expect(await readJson(post('{"message":"ação"}', 'application/json'), schema)).toEqual({ message: 'ação' });
  });

  it('a form with raw bytes or escapes that are not UTF-8 is a 400; real UTF-8 and a typed % pass', async () => {
    const raw = Buffer.concat([Buffer.from('message=a'), Buffer.from([0xc0, 0xaf])]);
    expect(await statusOf(readForm(post(raw, 'application/x-www-form-urlencoded')))).toBe(400);
    expect(await statusOf(readForm(post('message=a%FF', 'application/x-www-form-urlencoded')))).toBe(400);
    const form = await readForm(post('message=a%C3%A7%C3%A3o+100%25', 'application/x-www-form-urlencoded'));
    expect(form.get('message')).toBe('ação 100%');
  });
});
