import { describe, expect, test } from 'vitest';
import { documentMarkupFor } from './load-context';

describe('documentMarkupFor', () => {
  test('a document gets a slot; a request Remix serves as data (a `_data` parameter) gets none', () => {
    for (const url of ['/calculators/x?a=1', '/calculators/x', '/x?q=_data=1', '/x?_datas=1'])
      expect(documentMarkupFor(url), url).toBeInstanceOf(Map);
    for (const url of ['/x?_data=routes%2Fx', '/x?a=1&_data=root', '/x?_data', '/x?_data&a=1'])
      expect(documentMarkupFor(url), url).toBeUndefined();
  });
});
