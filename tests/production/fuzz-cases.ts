import fc from 'fast-check';
import { type Endpoint, isApi } from './fuzz-endpoints';
import { badId, brokenBody, formText, goodBody, HOSTILE } from './fuzz-values';

/** One generated request: what it tries, and whether a 2xx is an acceptable answer (URL state a GET falls back from). */
export type FuzzCase = {
  label: string;
  params: Record<string, string>;
  query?: Record<string, string[]>;
  contentType?: string;
  body?: string | Uint8Array;
};

const HONEYPOT_FIELD = 'name__confirm';
/** Bytes that are not UTF-8 (a lone continuation byte, an overlong '/', a truncated sequence). */
const INVALID_UTF8 = [Buffer.from([0xff, 0xfe]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xe2, 0x82]), Buffer.from([0x80])];

export function formEncode(endpoint: Endpoint, body: Record<string, unknown>, intent = endpoint.intent): string {
  const params = new URLSearchParams();
  if (intent !== undefined) params.append('intent', intent);
  if (endpoint.honeypot) params.append(HONEYPOT_FIELD, '');
  for (const [name, value] of Object.entries(body)) if (value !== undefined) for (const text of formText(value)) params.append(name, text);
  return params.toString();
}

function multipart(endpoint: Endpoint, body: Record<string, unknown>): { contentType: string; body: string } {
  const boundary = '----fuzzboundary7MA4YWxkTrZu0gW';
  const parts = [...new URLSearchParams(formEncode(endpoint, body))].map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: `${parts.join('')}--${boundary}--\r\n` };
}

const withBytes = (prefix: string, bytes: Buffer, suffix: string) =>
  new Uint8Array(Buffer.concat([Buffer.from(prefix), bytes, Buffer.from(suffix)]));

const malformedJson = fc.oneof(
  fc.constantFrom('{', '{"a":', "{'a':1}", '[1,2', 'undefined', '{"a":1}}', 'NaN', '{"a":01}', '{"a":"\u0000"', '\uFEFF{"a":1', '{"a" 1}'),
  fc.string({ minLength: 1, maxLength: 40 }).filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return text.trim() !== '';
    }
  }),
);
const nonObjectJson = fc.constantFrom('[]', '[{}]', '"texto"', '42', '-1.5e308', 'null', 'true', JSON.stringify(HOSTILE));

/** The generated cases for one endpoint (its path parameters are good unless the case breaks one). */
export function fuzzCases(endpoint: Endpoint): fc.Arbitrary<FuzzCase> | null {
  const params = endpoint.params ?? {};
  const options: fc.Arbitrary<FuzzCase>[] = [];
  const paramNames = Object.keys(params);
  const good = endpoint.fields ? goodBody(endpoint.fields) : {};
  const api = isApi(endpoint);
  const goodEnvelope = (): Pick<FuzzCase, 'contentType' | 'body'> =>
    endpoint.method === 'GET' || endpoint.noBody
      ? {}
      : api
        ? { contentType: 'application/json', body: JSON.stringify(good) }
        : { contentType: 'application/x-www-form-urlencoded', body: formEncode(endpoint, good) };

  if (paramNames.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...paramNames), badId).map(([name, value]) => ({
        label: `bad :${name}`,
        params: { ...params, [name]: value },
        ...goodEnvelope(),
      })),
    );
  }
  if (endpoint.query) {
    const query = endpoint.query;
    options.push(
      brokenBody(query, true).map((values) => ({
        label: 'bad query',
        params,
        query: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, formText(value)])),
      })),
    );
  }
  const fields = endpoint.fields;
  if (fields && api) {
    options.push(
      brokenBody(fields).map((body) => ({ label: 'bad field', params, contentType: 'application/json', body: JSON.stringify(body) })),
      malformedJson.map((body) => ({ label: 'malformed JSON', params, contentType: 'application/json', body })),
      nonObjectJson.map((body) => ({ label: 'not an object', params, contentType: 'application/json', body })),
      fc.constantFrom(...INVALID_UTF8).map((bytes) => ({
        label: 'invalid UTF-8',
        params,
        contentType: 'application/json',
        body: withBytes('{"note":"', bytes, `",${JSON.stringify(good).slice(1)}`),
      })),
      fc.constantFrom('form', 'multipart', 'text/plain').map((kind) => {
        if (kind === 'form')
          return { label: 'form to JSON', params, contentType: 'application/x-www-form-urlencoded', body: formEncode(endpoint, good) };
        if (kind === 'multipart') return { label: 'multipart to JSON', params, ...multipart(endpoint, good) };
        return { label: 'text/plain', params, contentType: 'text/plain', body: '{"a":' };
      }),
    );
  }
  if (fields && !api) {
    // A form of only its intent (issuing a certificate) has no field to break; the body's other faults still apply.
    if (Object.keys(fields).length > 0) {
      options.push(
        brokenBody(fields, true).map((body) => ({
          label: 'bad field',
          params,
          contentType: 'application/x-www-form-urlencoded',
          body: formEncode(endpoint, body),
        })),
        brokenBody(fields, true).map((body) => ({ label: 'bad field (multipart)', params, ...multipart(endpoint, body) })),
      );
    }
    options.push(
      fc.constantFrom(...INVALID_UTF8).map((bytes) => ({
        label: 'invalid UTF-8',
        params,
        contentType: 'application/x-www-form-urlencoded',
        body: withBytes(`${formEncode(endpoint, good)}&note=`, bytes, ''),
      })),
      fc.constantFrom('%FF%FE', '%C0%AF', '%E2%82', '%80').map((escaped) => ({
        label: 'invalid UTF-8 (escaped)',
        params,
        contentType: 'application/x-www-form-urlencoded',
        body: `${formEncode(endpoint, good)}&note=${escaped}`,
      })),
      fc.constantFrom('application/json', 'text/plain', 'application/xml', '').map((contentType) => ({
        label: `${contentType || 'no'} content type`,
        params,
        contentType: contentType || undefined,
        body: contentType === 'application/json' ? JSON.stringify({ intent: endpoint.intent, ...good }) : formEncode(endpoint, good),
      })),
      fc.constantFrom('', 'unknown', ...HOSTILE).map((intent) => ({
        label: 'unknown intent',
        params,
        contentType: 'application/x-www-form-urlencoded',
        body: formEncode(endpoint, good, intent),
      })),
    );
    if (endpoint.honeypot) {
      options.push(
        fc.string({ minLength: 1, maxLength: 20 }).map((bot) => ({
          label: 'honeypot filled',
          params,
          contentType: 'application/x-www-form-urlencoded',
          body: `${formEncode(endpoint, good)}&name__confirm=${encodeURIComponent(bot)}`.replace('name__confirm=&', ''),
        })),
      );
    }
  }
  return options.length > 0 ? fc.oneof(...options) : null;
}

export function buildPath(route: string, params: Record<string, string>): string {
  return route.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}
