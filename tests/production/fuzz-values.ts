import fc from 'fast-check';

/**
 * What a field accepts, in just enough detail to generate values it must refuse (see `badValue`)
 * and one value it accepts (see `goodValue`). The shapes mirror the zod schemas in app/schemas.
 */
export type Field = (
  | { k: 'str'; min: number; max: number; optional?: boolean }
  | { k: 'email' }
  | { k: 'cpf' }
  | { k: 'int'; min: number; max: number; optional?: boolean }
  | { k: 'price' }
  | { k: 'enum'; values: readonly string[]; optional?: boolean }
  | { k: 'bool'; optional?: boolean }
  | { k: 'id'; good: number; optional?: boolean }
  | { k: 'url'; optional?: boolean }
  | { k: 'link'; optional: true }
  | { k: 'date'; optional: true }
  | { k: 'uuid' }
) & { optional?: boolean };

export const str = (min: number, max: number, optional = false): Field => ({ k: 'str', min, max, optional });
export const int = (min: number, max: number, optional = false): Field => ({ k: 'int', min, max, optional });
export const oneOf = (values: readonly string[], optional = false): Field => ({ k: 'enum', values, optional });
export const id = (good: number, optional = false): Field => ({ k: 'id', good, optional });
export const email: Field = { k: 'email' };
export const cpf: Field = { k: 'cpf' };
export const bool: Field = { k: 'bool' };
export const price: Field = { k: 'price' };
export const url: Field = { k: 'url' };
export const link: Field = { k: 'link', optional: true };
export const date: Field = { k: 'date', optional: true };
export const uuid: Field = { k: 'uuid' };

/** Strings no field of the app takes as a format: SQL, path traversal, markup, control characters. */
export const HOSTILE = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '1 UNION SELECT password_hash FROM users',
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fdb%2fapp.db',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '\u0000\u0001\u0002\u001b[31m',
  '\r\nSet-Cookie: x=1',
  '%00',
  '${7*7}{{7*7}}',
  '\uFEFF\u202E\u200B',
] as const;

const hostile = fc.constantFrom(...HOSTILE);
/** 1 MB of text: always over every body cap (256 KB JSON, 64 KB forms), so a 413. */
export const ONE_MB = 'A'.repeat(1024 * 1024);
/** Values of the wrong JSON type for a string field. */
const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { minKeys: 1, maxKeys: 3 }),
);
const nanLike = fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e309', '0x10', '1,5', '', ' ', 'null', 'undefined', '१२');
const hugeNumber = fc.constantFrom(2 ** 53 + 1, 1e21, 1e308, -1e308, Number.MAX_VALUE);
/**
 * A string past `max` characters that still mixes in hostile text. Its letters alone pass `max`:
 * the server trims (and may strip control characters) before counting, so hostile text at an
 * end must not be what makes it too long (a CI run found '\r\n…' trimmed back under the limit).
 */
const tooLong = (max: number) =>
  fc.tuple(hostile, fc.integer({ min: 1, max: 40 })).map(([text, extra]) => `x${text}${'x'.repeat(max + extra)}`);

/**
 * Ids that do not name a record: not numbers, not positive, not integers, not existing, hostile.
 * Not ' 1', '+1' or '0x1F': the forms' z.coerce.number reads them as ids that may exist.
 */
export const badId = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e3', 'abc', '999999999', '99999999999999999999', '１', '1/2', '1;2'),
  hostile,
  fc.integer({ min: -1_000_000, max: 0 }).map(String),
  fc.integer({ min: 900_000_000, max: 999_999_999 }).map(String),
);

/** A value the field refuses. */
export function badValue(field: Field, form = false): fc.Arbitrary<unknown> {
  const optional = 'optional' in field && field.optional;
  // An optional field may be null in JSON, and a form sends only text: a number is good text.
  const api = badJsonValue(field);
  if (!form) return optional ? api.filter((value) => value !== null) : api;
  if (field.k === 'str') {
    const options: fc.Arbitrary<unknown>[] = [tooLong(field.max), fc.array(fc.string({ maxLength: 8 }), { minLength: 2, maxLength: 3 })];
    if (field.min > 0)
      options.push(fc.constantFrom('', ' ', '\t\n', 'x'.repeat(field.min - 1)).filter((value) => value.trim().length < field.min));
    return fc.oneof(...options);
  }
  // One repeated key is just a value in a form: an array is wrong there only with two or more.
  // Form text is trimmed before it is checked: ' E-TOOL ' is a good choice there.
  const validAfterTrim = (value: unknown) => field.k === 'enum' && formText(value).some((text) => field.values.includes(text.trim()));
  return api.filter(
    (value) => !(Array.isArray(value) && value.length < 2) && formText(value).every((text) => text.trim() !== '') && !validAfterTrim(value),
  );
}

/** How a value travels in a form: text, or one entry per item of an array. */
export function formText(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  if (value === null) return ['null'];
  return [typeof value === 'object' ? JSON.stringify(value) : String(value)];
}

function badJsonValue(field: Field): fc.Arbitrary<unknown> {
  switch (field.k) {
    case 'str': {
      const options: fc.Arbitrary<unknown>[] = [notAString, tooLong(field.max)];
      if (field.min > 0)
        options.push(fc.constantFrom('', ' ', '\t\n', 'x'.repeat(field.min - 1)).filter((value) => value.trim().length < field.min));
      return fc.oneof(...options);
    }
    case 'email':
      return fc.oneof(notAString, hostile, fc.constantFrom('a@', '@b.com', 'a b@c.com', 'plain', 'a@b', `${'x'.repeat(250)}@example.com`));
    case 'cpf':
      return fc.oneof(
        notAString,
        hostile,
        fc.constantFrom('123', '1114447773', '111444777350', 'abcdefghijk', '11111111111', '12345678900'),
      );
    case 'int':
      return fc.oneof(
        notAString.filter((value) => typeof value !== 'number'),
        nanLike,
        hostile,
        hugeNumber,
        fc.integer({ min: -1_000_000, max: field.min - 1 }),
        fc.integer({ min: field.max + 1, max: field.max + 1_000_000 }),
        fc.double({ min: field.min + 0.01, max: field.max - 0.01, noNaN: true }).filter((value) => !Number.isInteger(value)),
      );
    case 'price':
      return fc.oneof(
        fc.constantFrom(0, -1, -0.01, 0.001, 'abc', '', '-5', [], {}),
        hugeNumber.filter((value) => value < 0),
        hostile,
      );
    case 'enum':
      return fc.oneof(
        notAString.filter((value) => value !== null || !field.optional),
        hostile,
        fc.constantFrom(...field.values).map((value) => value.toUpperCase() + ' '),
        fc.string({ minLength: 1, maxLength: 12 }).filter((value) => !field.values.includes(value.trim())),
      );
    case 'bool':
      return fc.oneof(
        fc.constantFrom('yes', 'true', 1, 0, 'on', []),
        hostile,
        fc.dictionary(fc.string({ maxLength: 3 }), fc.boolean(), { minKeys: 1, maxKeys: 2 }),
      );
    case 'id':
      return fc.oneof(badId, fc.constantFrom(-1, 0, 1.5, 2 ** 53, [1, 2], { id: 1 }, true));
    case 'url':
      return fc.oneof(
        notAString.filter((value) => value !== null),
        hostile,
        fc.constantFrom('ftp://example.com/a', 'file:///etc/passwd', 'data:text/html,x', 'no-scheme.pdf'),
      );
    case 'link':
      return fc.oneof(
        fc.integer(),
        fc.constantFrom('javascript:alert(1)', '//evil.example/x', '/\\evil.example', 'data:text/html,x', ' /a b', '/%0d%0aLocation:x'),
      );
    case 'date':
      return fc.oneof(
        fc.integer(),
        hostile,
        fc.constantFrom('2025-02-30', '2025-13-01', 'tomorrow', '31/12/2030', '2030-01-01T25:00', 'x'.repeat(41)),
      );
    case 'uuid':
      return fc.oneof(notAString, hostile, fc.constantFrom('not-a-uuid', '00000000-0000-0000-0000-00000000000g'));
  }
}

let goodCounter = 0;
/** A value the field accepts (alone; the case breaks another field). */
export function goodValue(field: Field): unknown {
  goodCounter += 1;
  switch (field.k) {
    case 'str':
      return `Valor fuzz ${goodCounter} ${'x'.repeat(field.min)}`.slice(0, field.max);
    case 'email':
      return `fuzz${goodCounter}@example.com`;
    case 'cpf':
      return '39053344705';
    case 'int':
      return field.min;
    case 'price':
      return 10;
    case 'enum':
      return field.values[0];
    case 'bool':
      return true;
    case 'id':
      return field.good;
    case 'url':
      return 'https://example.com/a.pdf';
    case 'link':
      return '/dashboard';
    case 'date':
      return '2031-01-01';
    case 'uuid':
      return '7d2f1c1e-6a4b-4b7e-9a0c-2f1e3d4c5b6a';
  }
}

const EXTRA_FIELDS = fc.dictionary(
  fc.constantFrom('role', 'isAdmin', 'userId', 'id', 'constructor', 'passwordHash', 'extra'),
  fc.oneof(fc.constant('admin'), fc.constant(true), fc.integer(), hostile),
  { maxKeys: 3 },
);

/**
 * A body for `fields` with at least one field wrong: each field is broken, left out (when the
 * schema allows) or given a good value; some cases add fields the schema does not know.
 */
export function brokenBody(fields: Record<string, Field>, form = false): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(fields);
  return fc
    .record({
      broken: fc.subarray(names, { minLength: 1 }),
      dropOptional: fc.boolean(),
      extra: EXTRA_FIELDS,
      seeds: fc.tuple(...names.map((name) => badValue(fields[name]!, form))),
      missing: fc.boolean(),
    })
    .map(({ broken, dropOptional, extra, seeds, missing }) => {
      // An unknown field never takes a known one's name: 'id' from here would refill an id left
      // out on purpose, often with a small integer that names a real record (a valid request).
      const body: Record<string, unknown> = Object.fromEntries(Object.entries(extra).filter(([name]) => !names.includes(name)));
      names.forEach((name, index) => {
        const field = fields[name]!;
        const optional = 'optional' in field && field.optional;
        if (broken.includes(name)) {
          // A required field left out is as wrong as a bad value.
          if (!(missing && !optional && broken[0] === name)) body[name] = seeds[index];
        } else if (!(optional && dropOptional)) body[name] = goodValue(field);
      });
      return body;
    });
}

/** Every field with a good value: used only under a broken envelope (invalid UTF-8, wrong content type). */
export function goodBody(fields: Record<string, Field>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, goodValue(field)]));
}
