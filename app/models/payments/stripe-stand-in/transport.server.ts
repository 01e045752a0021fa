import Stripe from 'stripe';
import { route, StripeApiError } from './api.server';
import { newId, remember, state, type Json } from './store.server';

/**
 * The SDK's transport in test mode (docs/decisions/016): the real SDK builds, encodes and sends
 * every request (Idempotency-Key included) and parses every answer and error; only the transport
 * is replaced, through the SDK's own `httpClient` option, by `StripeStandIn`, which answers from
 * memory (api.server.ts) instead of api.stripe.com.
 */

// Form bodies: the SDK sends `a[b][0]=c` (qs-style); read them back into objects and arrays.

function setPath(target: Json, keys: string[], value: string) {
  let node: Json = target;
  keys.forEach((key, index) => {
    if (index === keys.length - 1) {
      node[key] = value;
      return;
    }
    node[key] ??= {};
    node = node[key] as Json;
  });
}

/** Objects whose keys are all 0..n-1 become arrays. */
function arrays(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Json).map(([key, inner]) => [key, arrays(inner)] as const);
  const isList = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isList ? entries.map(([, inner]) => inner) : Object.fromEntries(entries);
}

function parseStripeForm(body: string): Json {
  const result: Json = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const keys = name.replace(/\]/g, '').split('[');
    setPath(result, keys, value);
  }
  return arrays(result) as Json;
}

class StandInResponse extends Stripe.HttpClientResponse {
  constructor(
    status: number,
    private readonly body: string,
  ) {
    super(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  }
  /** The SDK decorates this object with the response's headers (lastResponse). */
  getRawResponse() {
    return { body: this.body };
  }
  toStream(): never {
    throw new Error('The offline test mode does not stream.');
  }
  toJSON() {
    return Promise.resolve(JSON.parse(this.body));
  }
}

/** The SDK's transport in test mode: answers from memory instead of api.stripe.com. */
export class StripeStandIn extends Stripe.HttpClient {
  getClientName() {
    return 'e-engenharia-offline-stand-in';
  }

  makeRequest(
    _host: string,
    _port: string,
    fullPath: string,
    method: string,
    headers: Record<string, string | number | string[]>,
    requestData: string,
  ) {
    const [path, query = ''] = fullPath.split('?');
    const params = parseStripeForm(method === 'GET' ? query : requestData);
    const expand = Array.isArray(params.expand) ? (params.expand as string[]) : typeof params.expand === 'string' ? [params.expand] : [];
    const key = method === 'POST' ? headerValue(headers, 'idempotency-key') : null;
    const signature = `${method} ${path} ${requestData}`;
    if (key) {
      const seen = state().idempotency.get(key);
      if (seen && seen.request !== signature) {
        return Promise.resolve(
          new StandInResponse(
            400,
            JSON.stringify({
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              },
            }),
          ),
        );
      }
      if (seen) return Promise.resolve(new StandInResponse(seen.status, seen.body));
    }
    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(route(method, path, params, expand));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = JSON.stringify({ error: error.body });
    }
    if (key) remember(state().idempotency, key, { request: signature, status, body });
    return Promise.resolve(new StandInResponse(status, body));
  }
}

function headerValue(headers: Record<string, string | number | string[]>, name: string): string | null {
  const entry = Object.entries(headers).find(([header]) => header.toLowerCase() === name);
  return entry ? String(entry[1]) : null;
}
