import type { z } from 'zod';

/**
 * How many fields a form may carry, counted on the raw body before anything parses it.
 * Conform copies a field's value list each time its name repeats (quadratic), and the multipart
 * parser costs per part: a 64 KB body of `a&a&…` held the server for seconds. A form's schema says
 * how many fields it can use; a body with more is refused before parsing, and a name repeated
 * beyond what the schema allows is refused before Conform sees it.
 */

/** Any form, schema known or not, stays under this many fields or parts. */
export const FORM_FIELD_CEILING = 100;

/** Room beside the schema's own fields: `intent`, the honeypot's field and a few read by the route (`redirectTo`). */
const EXTRA_FIELDS = 5;

/** An array field without `.max()` is still bounded. */
const UNBOUNDED_ARRAY = 20;

/**
 * An array field may carry a few values past its maximum, so that a person who picks five files
 * for three places reads the schema's own message beside the field rather than the kit's page.
 */
const ARRAY_SLACK = 10;

export type FieldAllowance = {
  /** Fields (parts) the whole form may carry. */
  total: number;
  /** How often each top-level name may appear; a name not listed, once. */
  repeats: ReadonlyMap<string, number>;
};

export const CEILING_ALLOWANCE: FieldAllowance = { total: FORM_FIELD_CEILING, repeats: new Map() };

type Shape = { total: number; repeats: Map<string, number> };
type Def = { typeName?: string; [key: string]: unknown };

const defOf = (schema: unknown): Def => ((schema as { _def?: Def })._def ?? {}) as Def;

/** How many values one schema node can take (1 for a scalar; an array its maximum length); null when it cannot be told. */
function valueCount(schema: unknown): number | null {
  const def = defOf(schema);
  switch (def.typeName) {
    case 'ZodOptional':
    case 'ZodNullable':
    case 'ZodDefault':
    case 'ZodCatch':
    case 'ZodReadonly':
      return valueCount(def.innerType);
    case 'ZodBranded':
      return valueCount(def.type);
    case 'ZodEffects':
      return valueCount(def.schema);
    case 'ZodPipeline':
      return valueCount(def.in);
    case 'ZodArray': {
      const exact = (def.exactLength as { value: number } | null)?.value;
      const max = (def.maxLength as { value: number } | null)?.value;
      return (exact ?? max ?? UNBOUNDED_ARRAY) + ARRAY_SLACK;
    }
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion': {
      const counts = (def.options as unknown[]).map(valueCount);
      return counts.some((count) => count === null) ? null : Math.max(1, ...(counts as number[]));
    }
    case 'ZodObject':
    case 'ZodIntersection':
    case 'ZodRecord':
    case 'ZodMap':
    case 'ZodLazy':
      return null;
    default:
      return 1;
  }
}

/** The top-level fields of an object schema (through refinements, unions and intersections); null when not an object. */
function shapeOf(schema: unknown): Shape | null {
  const def = defOf(schema);
  switch (def.typeName) {
    case 'ZodEffects':
      return shapeOf(def.schema);
    case 'ZodPipeline':
      return shapeOf(def.in);
    case 'ZodOptional':
    case 'ZodNullable':
    case 'ZodDefault':
    case 'ZodCatch':
    case 'ZodReadonly':
      return shapeOf(def.innerType);
    case 'ZodBranded':
      return shapeOf(def.type);
    case 'ZodObject': {
      const repeats = new Map<string, number>();
      let total = 0;
      for (const [name, field] of Object.entries((def.shape as () => Record<string, unknown>)())) {
        const count = valueCount(field);
        if (count === null) return null;
        repeats.set(name, count);
        total += count;
      }
      return { total, repeats };
    }
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion':
      return merge((def.options as unknown[]).map(shapeOf), (a, b) => Math.max(a, b));
    case 'ZodIntersection':
      return merge([shapeOf(def.left), shapeOf(def.right)], (a, b) => a + b);
    default:
      return null;
  }
}

function merge(shapes: Array<Shape | null>, combineTotals: (a: number, b: number) => number): Shape | null {
  if (shapes.some((shape) => shape === null)) return null;
  const repeats = new Map<string, number>();
  let total = 0;
  for (const shape of shapes as Shape[]) {
    total = combineTotals(total, shape.total);
    for (const [name, count] of shape.repeats) repeats.set(name, Math.max(count, repeats.get(name) ?? 0));
  }
  return { total, repeats };
}

/** What a form validated by `schema` can use; a schema whose shape cannot be told gets the ceiling. */
export function allowanceFor(schema: z.ZodTypeAny): FieldAllowance {
  const shape = shapeOf(schema);
  if (!shape) return CEILING_ALLOWANCE;
  return { total: Math.min(FORM_FIELD_CEILING, shape.total + EXTRA_FIELDS), repeats: shape.repeats };
}

/** The loosest of several forms' allowances: a page's body is counted before its `intent` is known. */
export function widestAllowance(allowances: FieldAllowance[]): FieldAllowance {
  const repeats = new Map<string, number>();
  for (const allowance of allowances) {
    for (const [name, count] of allowance.repeats) repeats.set(name, Math.max(count, repeats.get(name) ?? 0));
  }
  return { total: Math.max(0, ...allowances.map((allowance) => allowance.total)), repeats };
}

/**
 * Fields in a raw body, counted without parsing it: the non-empty `&`-separated pairs of a
 * urlencoded body (URLSearchParams skips empty ones), the boundary lines of a multipart one.
 */
export function countRawFields(bytes: Uint8Array, contentType: string): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    if (!boundary) return 0;
    const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
    let count = 0;
    for (let at = buffer.indexOf(delimiter); at !== -1; at = buffer.indexOf(delimiter, at + delimiter.length)) count += 1;
    // The last delimiter closes the body; it opens no part.
    return Math.max(0, count - 1);
  }
  const AMPERSAND = 0x26;
  let count = 0;
  let inField = false;
  for (const byte of buffer) {
    if (byte === AMPERSAND) {
      inField = false;
    } else if (!inField) {
      inField = true;
      count += 1;
    }
  }
  return count;
}

/** The first name that appears more often than `allowance` lets it, or null. */
export function overRepeatedName(formData: FormData, allowance: FieldAllowance): string | null {
  const seen = new Map<string, number>();
  for (const name of formData.keys()) {
    const count = (seen.get(name) ?? 0) + 1;
    if (count > (allowance.repeats.get(name) ?? 1)) return name;
    seen.set(name, count);
  }
  return null;
}
