import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Field } from './field';

/**
 * The form kit's per-render cost (issue 33): Conform (patched, `patches/@conform-to+react+1.21.1.patch`)
 * keeps one metadata object per field and form state instead of building one on every property read.
 * The props it derives, and so the HTML of every form, must stay exactly what they were: the same
 * values in the same order (React writes the attributes in the props' order).
 */

const schema = z.object({
  email: z.string().email('E-mail inválido').max(120),
  bio: z.string().max(500).optional(),
  role: z.enum(['a', 'b']),
  terms: z.boolean().optional(),
});

const failed: SubmissionResult<string[]> = {
  status: 'error',
  initialValue: { email: 'x', bio: 'olá', role: 'b' },
  error: { email: ['E-mail inválido'] },
};

type Seen = { sameField: boolean; sameForm: boolean; props: Record<string, unknown> };

function probe(lastResult?: SubmissionResult<string[]>): { html: string; seen: Seen } {
  const seen = {} as Seen;
  function Probe() {
    const [form, fields] = useForm<z.input<typeof schema>>({
      id: 'perfil',
      lastResult,
      constraint: getZodConstraint(schema),
      defaultValue: { email: 'a@b.co' },
    });
    seen.sameField = fields.email === fields.email && fields.email.errors === fields.email.errors;
    seen.sameForm = form.id === form.id;
    seen.props = {
      form: getFormProps(form),
      email: getInputProps(fields.email, { type: 'email' }),
      bio: getTextareaProps(fields.bio),
      role: getSelectProps(fields.role),
      terms: getInputProps(fields.terms, { type: 'checkbox' }),
      errors: { email: fields.email.errors, bio: fields.bio.errors, form: form.errors, all: form.allErrors },
      ids: {
        errorId: fields.email.errorId,
        descriptionId: fields.email.descriptionId,
        formId: fields.email.formId,
        name: fields.email.name,
      },
    };
    return (
      <form {...getFormProps(form)}>
        <Field label="E-mail" errors={fields.email.errors} inputProps={getInputProps(fields.email, { type: 'email' })} />
      </form>
    );
  }
  const html = renderToStaticMarkup(<Probe />);
  return { html, seen };
}

describe("Conform's field metadata, read once per field and state", () => {
  it('gives the same field object on every read of `fields.x` in a render', () => {
    const { seen } = probe();
    expect(seen.sameField).toBe(true);
    expect(seen.sameForm).toBe(true);
  });

  it('derives exactly the props it did before, with and without errors', () => {
    expect(probe().seen.props).toEqual({
      form: { id: 'perfil', noValidate: true, onSubmit: expect.any(Function) },
      email: { id: 'perfil-email', name: 'email', form: 'perfil', required: true, type: 'email', maxLength: 120, defaultValue: 'a@b.co' },
      bio: { id: 'perfil-bio', name: 'bio', form: 'perfil', maxLength: 500 },
      role: { id: 'perfil-role', name: 'role', form: 'perfil', required: true },
      terms: { id: 'perfil-terms', name: 'terms', form: 'perfil', type: 'checkbox', value: 'on', defaultChecked: false },
      errors: { email: undefined, bio: undefined, form: undefined, all: {} },
      ids: { errorId: 'perfil-email-error', descriptionId: 'perfil-email-description', formId: 'perfil', name: 'email' },
    });
    expect(probe(failed).seen.props).toEqual({
      form: { id: 'perfil', noValidate: true, onSubmit: expect.any(Function) },
      email: {
        id: 'perfil-email',
        name: 'email',
        form: 'perfil',
        required: true,
        type: 'email',
        maxLength: 120,
        defaultValue: 'x',
        'aria-invalid': true,
        'aria-describedby': 'perfil-email-error',
      },
      bio: { id: 'perfil-bio', name: 'bio', form: 'perfil', maxLength: 500, defaultValue: 'olá' },
      role: { id: 'perfil-role', name: 'role', form: 'perfil', required: true, defaultValue: 'b' },
      terms: { id: 'perfil-terms', name: 'terms', form: 'perfil', type: 'checkbox', value: 'on', defaultChecked: false },
      errors: { email: ['E-mail inválido'], bio: undefined, form: undefined, all: { email: ['E-mail inválido'] } },
      ids: { errorId: 'perfil-email-error', descriptionId: 'perfil-email-description', formId: 'perfil', name: 'email' },
    });
  });

  it("renders the kit's field with its error wired to the input", () => {
    expect(probe(failed).html).toBe(
      '<form id="perfil" novalidate=""><div><label for="perfil-email" class="label">E-mail</label>' +
        '<input class="input" required="" id="perfil-email" name="email" form="perfil" aria-invalid="true"' +
        ' aria-describedby="perfil-email-error" type="email" maxLength="120" value="x"/>' +
        '<p id="perfil-email-error" class="field-error">E-mail inválido</p></div></form>',
    );
  });
});

describe("Conform's props, built without Babel's object spread", () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the order of the props, so the attributes are written in the same order', () => {
    const { props } = probe(failed).seen;
    expect(Object.keys(props.email as object)).toEqual([
      'required',
      'id',
      'name',
      'form',
      'aria-invalid',
      'aria-describedby',
      'type',
      'maxLength',
      'defaultValue',
    ]);
    expect(Object.keys(props.form as object)).toEqual(['id', 'onSubmit', 'noValidate']);
    expect(Object.keys(props.bio as object)).toEqual(['id', 'name', 'form', 'maxLength', 'defaultValue']);
    expect(Object.keys(props.role as object)).toEqual(['required', 'id', 'name', 'form', 'defaultValue']);
    expect(Object.keys(props.terms as object)).toEqual(['id', 'name', 'form', 'type', 'value', 'defaultChecked']);
  });

  it('renders a form without copying objects through their property descriptors', () => {
    // Babel's objectSpread2 asks each object for its symbols and descriptors: it ran for the form's
    // options, its context and each getInputProps (five copies and a delete per undefined key).
    // What is left is useForm's own split of its options: one per form.
    const symbols = vi.spyOn(Object, 'getOwnPropertySymbols');
    probe(failed);
    expect(symbols.mock.calls.length).toBeLessThanOrEqual(1);
  });
});
