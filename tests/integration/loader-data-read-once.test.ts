import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { createElement } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { documentHandler } from './helpers/document-handler';

/**
 * patches/@remix-run+router+1.23.3.patch (issue 33, decision 081): a document request turned each
 * loader's `json()` answer back into data by reading its body as a stream (undici's Response body,
 * its reader and a UTF-8 decoding) and parsing the bytes. The data is now parsed from the JSON text
 * the answer was made from: the same JSON, so the page gets what the browser gets (a date as its
 * ISO string, no `undefined` keys), without the stream.
 */
const probeData = { at: new Date(Date.UTC(2026, 10, 29, 12)), n: 1.5, text: 'ação "aspas" <b>', gone: undefined, list: [1, null] };

function Probe() {
  const data = useLoaderData<typeof probeData>();
  return createElement('pre', { 'data-testid': 'probe' }, `${typeof data.at}|${'gone' in data}|${JSON.stringify(data)}`);
}

/** A spy on the `body` of every answer the probe's loader made, set before Remix sees the answer. */
const probeBodyReads: Array<{ mock: { calls: unknown[] } }> = [];
const serve = documentHandler([
  {
    id: 'routes/probe',
    parentId: 'root',
    path: 'probe',
    module: {
      loader: () => {
        const answer = json(probeData, { headers: { 'X-Probe': '1' } });
        probeBodyReads.push(vi.spyOn(answer, 'body', 'get'));
        return answer;
      },
      default: Probe,
    },
  },
  { id: 'routes/plain', parentId: 'root', path: 'plain', module: { loader: () => ({ at: probeData.at }), default: Probe } },
]);

const decode = (html: string) => html.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

afterEach(() => vi.restoreAllMocks());

describe("a document's loader data", () => {
  test("is not read back from the loaders' response streams", async () => {
    const readJson = vi.spyOn(Response.prototype, 'json');
    const answer = await serve(new Request('http://localhost/probe'));
    expect(answer.status).toBe(200);
    await answer.text();
    // The root's loader and the probe's both answer with json(): neither is read through its body.
    expect(readJson).not.toHaveBeenCalled();
  });

  test("never makes the loader's answer a body stream: json() makes one only when something reads it", async () => {
    probeBodyReads.length = 0;
    const answer = await serve(new Request('http://localhost/probe'));
    expect(await answer.text()).toContain('data-testid="probe"');
    expect(probeBodyReads).toHaveLength(1);
    // Neither Remix's isResponse checks nor the data's reading asked for it (each read would make the stream).
    expect(probeBodyReads[0]!.mock.calls).toHaveLength(0);
  });

  test('is the JSON the browser gets: dates as strings, no undefined keys, in the render and in the handoff', async () => {
    const html = decode(await (await serve(new Request('http://localhost/probe'))).text());
    const expected = JSON.stringify(JSON.parse(JSON.stringify(probeData)));
    expect(html).toContain(`string|false|${expected}`);
    // The handoff script escapes '<' and '>' in its own way.
    expect(html).toContain(`"routes/probe":${expected.replaceAll('<', '\\u003c').replaceAll('>', '\\u003e')}`);
    // A plain object from a loader goes through the same json() inside Remix.
    const plain = decode(await (await serve(new Request('http://localhost/plain'))).text());
    expect(plain).toContain(`string|false|{"at":"2026-11-29T12:00:00.000Z"}`);
  });

  test('json() answers as new Response(text) would, every way it can be read', async () => {
    const made = () => json({ a: 'ação' }, { status: 201, headers: { 'X-Probe': '1' } });
    expect(await made().json()).toEqual({ a: 'ação' });
    expect(await made().text()).toBe('{"a":"ação"}');
    expect(new TextDecoder().decode(await made().arrayBuffer())).toBe('{"a":"ação"}');
    expect(await new Response(made().body).text()).toBe('{"a":"ação"}');
    const answer = made();
    expect(answer).toBeInstanceOf(Response);
    expect([answer.status, answer.headers.get('X-Probe'), answer.headers.get('Content-Type')]).toEqual([
      201,
      '1',
      'application/json; charset=utf-8',
    ]);
    const copy = answer.clone();
    expect(answer.bodyUsed).toBe(false);
    expect(await answer.text()).toBe('{"a":"ação"}');
    expect(answer.bodyUsed).toBe(true);
    expect(await copy.json()).toEqual({ a: 'ação' });
    await expect(answer.text()).rejects.toThrow(TypeError);
  });

  test("a client navigation's data request still gets the loader's own answer, body and headers", async () => {
    const answer = await serve(new Request('http://localhost/probe?_data=routes%2Fprobe'));
    expect(answer.headers.get('X-Probe')).toBe('1');
    expect(await answer.json()).toEqual(JSON.parse(JSON.stringify(probeData)));
  });
});
