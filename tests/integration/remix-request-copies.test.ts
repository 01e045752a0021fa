import { describe, expect, test } from 'vitest';
import { documentHandler } from './helpers/document-handler';

/**
 * patches/@remix-run+server-runtime+2.17.5.patch (issue 33): Remix copies the request twice before
 * each loader and action to strip its own parameters (index, _data); a URL without them (with or
 * without a query: a calculator's result, a list's search) gets the request as it came, and a URL
 * with them still gets the copy without them.
 */
const seen: Request[] = [];
const remember = ({ request }: { request: Request }) => {
  seen.push(request);
  return Response.json({ url: request.url });
};
const serve = documentHandler([{ id: 'routes/probe', parentId: 'root', path: 'probe', module: { loader: remember, action: remember } }]);

describe("Remix's parameters stripped only when there are any", () => {
  test('a request without a query reaches the loader and the action as it came', async () => {
    const get = new Request('http://localhost/probe', { headers: { Accept: 'application/json' } });
    const answer = await serve(get);
    expect(await answer.json()).toEqual({ url: 'http://localhost/probe' });
    expect(seen.at(-1)).toBe(get);

    const post = new Request('http://localhost/probe', {
      method: 'POST',
      body: 'a=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    await serve(post);
    expect(seen.at(-1)).toBe(post);
    expect(await seen.at(-1)!.text()).toBe('a=1');
  });

  test("a query without Remix's parameters reaches the loader as it came", async () => {
    const get = new Request('http://localhost/probe?q=ana%20maria&page=2&unit=kN%2Fm', { headers: { Accept: 'application/json' } });
    const answer = await serve(get);
    expect(await answer.json()).toEqual({ url: 'http://localhost/probe?q=ana%20maria&page=2&unit=kN%2Fm' });
    expect(seen.at(-1)).toBe(get);
  });

  test("a query keeps the loader's own parameters and loses Remix's", async () => {
    const answer = await serve(new Request('http://localhost/probe?q=ana&index&_data=routes%2Fprobe'));
    expect(await answer.json()).toEqual({ url: 'http://localhost/probe?q=ana' });
    // Either of them alone is stripped too (a form posting to an index route; a client navigation's data request).
    expect(await (await serve(new Request('http://localhost/probe?q=ana&index'))).json()).toEqual({ url: 'http://localhost/probe?q=ana' });
    expect(await (await serve(new Request('http://localhost/probe?q=ana&_data=routes%2Fprobe'))).json()).toEqual({
      url: 'http://localhost/probe?q=ana',
    });
  });
});
