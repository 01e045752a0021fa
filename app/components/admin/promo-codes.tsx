import { RowDeleteLink, useRowLinks } from '~/components/admin/row-actions';
import { getInputProps, getSelectProps } from '@conform-to/react';
import { Form, useLocation } from '@remix-run/react';
import { useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Cell, ListTable } from '~/components/ui/list-table';
import { Field, SelectField, type Option } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import type { PromoCodeView } from '~/models/courses/promo-code.server';
import { promoCodeFormSchema } from '~/schemas/promo-code';
import { useIntentForm } from '~/utils/intent-form';
import { withParams } from '~/utils/url-state';
import { LightLink } from '~/components/ui/light-link';

export type CourseOption = { id: number; title: string; isHidden: boolean };
export type PromoCodeRow = PromoCodeView & { expiryLabel: string };

export const PROMO_TYPE_LABELS = { role: 'Cargo', course: 'Curso' } as const;
const TYPE_OPTIONS: Option[] = [
  { value: 'role', label: PROMO_TYPE_LABELS.role },
  { value: 'course', label: PROMO_TYPE_LABELS.course },
];
const ROLE_OPTIONS: Option[] = [
  { value: 'E-TOOL', label: 'E-TOOL' },
  { value: 'E-MASTER', label: 'E-MASTER' },
];

export const courseOptions = (courses: readonly CourseOption[]): Option[] =>
  courses.map((course) => ({ value: String(course.id), label: course.isHidden ? `${course.title} (oculto)` : course.title }));

export const PROMO_DELETE_CONFIRM = 'Tem certeza que deseja excluir este código promocional? Esta ação não pode ser desfeita.';

/**
 * 'Criar código promocional' (the validation rules' defaults: role type, target E-TOOL, 30 days, 10 uses).
 * With JavaScript only the field the type uses is shown; without it both are, with a note, and
 * the server ignores the other one. On a course's filter the form starts as that course's code.
 */
export function PromoCodeForm({ courses, presetCourseId }: { courses: readonly CourseOption[]; presetCourseId: number | null }) {
  const hydrated = useHydrated();
  const initialType = presetCourseId ? 'course' : 'role';
  const { form, fields, submitting } = useIntentForm('create', promoCodeFormSchema, {
    id: 'promo-create',
    defaultValue: {
      promoType: initialType,
      targetRole: 'E-TOOL',
      courseId: presetCourseId ? String(presetCourseId) : '',
      days: '30',
      maxUses: '10',
    },
  });
  const [type, setType] = useState<string>(String(fields.promoType.initialValue ?? initialType));
  const showRole = !hydrated || type === 'role';
  const showCourse = !hydrated || type === 'course';
  return (
    <section className="card" aria-labelledby="promo-create-heading">
      <h2 id="promo-create-heading" className="text-lg font-semibold">
        Criar código promocional
      </h2>
      <IntentForm intent="create" form={form} className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormError title="Erro ao criar código promocional" errors={form.errors} />
        </div>
        <Field
          label="Código"
          errors={fields.code.errors}
          inputProps={{ ...getInputProps(fields.code, { type: 'text' }), maxLength: 50, autoComplete: 'off' }}
        />
        <SelectField
          label="Tipo"
          errors={fields.promoType.errors}
          options={TYPE_OPTIONS}
          selectProps={{ ...getSelectProps(fields.promoType), onChange: (event) => setType(event.currentTarget.value) }}
        />
        {hydrated ? null : (
          <p className="text-sm text-slate-600 sm:col-span-2" data-testid="promo-type-note">
            Códigos de cargo usam o campo “Cargo alvo”; códigos de curso usam “Curso” e “Acesso ao curso válido até”. O campo do outro tipo
            é ignorado.
          </p>
        )}
        {showRole ? (
          <SelectField
            label="Cargo alvo"
            errors={fields.targetRole.errors}
            options={ROLE_OPTIONS}
            selectProps={getSelectProps(fields.targetRole)}
          />
        ) : null}
        {showCourse ? (
          <SelectField
            label="Curso"
            errors={fields.courseId.errors}
            options={courseOptions(courses)}
            placeholder="Selecione um curso"
            selectProps={getSelectProps(fields.courseId)}
          />
        ) : null}
        <Field
          label="Dias"
          errors={fields.days.errors}
          inputProps={{ ...getInputProps(fields.days, { type: 'number' }), min: 1, max: 3650, inputMode: 'numeric' }}
        />
        <Field
          label="Máximo de usos"
          errors={fields.maxUses.errors}
          inputProps={{ ...getInputProps(fields.maxUses, { type: 'number' }), min: 1, inputMode: 'numeric' }}
        />
        <Field
          label="Expira em (opcional)"
          hint="Depois desta data o código não pode mais ser usado."
          errors={fields.expiryDate.errors}
          inputProps={getInputProps(fields.expiryDate, { type: 'date' })}
        />
        {showCourse ? (
          <Field
            label="Acesso ao curso válido até (opcional)"
            hint="Só para códigos de curso: até quando vale o acesso que o código dá."
            errors={fields.validUntil.errors}
            inputProps={getInputProps(fields.validUntil, { type: 'date' })}
          />
        ) : null}
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? 'Criando...' : 'Criar código'}
          </button>
        </div>
      </IntentForm>
    </section>
  );
}

/** The course filter the course page links to (`?courseId=`), as a GET form that keeps the search. */
export function PromoCourseFilter({ courses, courseId, q }: { courses: readonly CourseOption[]; courseId: number | null; q: string }) {
  const location = useLocation();
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2">
      {q ? <input type="hidden" name="q" value={q} /> : null}
      <SelectField
        label="Filtrar por curso"
        options={courseOptions(courses)}
        placeholder="Todos os códigos"
        selectProps={{ id: 'promo-course-filter', name: 'courseId', defaultValue: courseId ? String(courseId) : '' }}
      />
      <button type="submit" className="btn-secondary">
        Filtrar
      </button>
      {courseId ? (
        <LightLink to={`${location.pathname}${withParams(location.search, { courseId: null, page: null })}`} className="btn-ghost">
          Limpar filtro
        </LightLink>
      ) : null}
    </Form>
  );
}

export function PromoCodeTable({ items }: { items: readonly PromoCodeRow[] }) {
  const links = useRowLinks('promo');
  return (
    <ListTable
      label="Códigos promocionais"
      headers={['Código', 'Tipo', 'Alvo', 'Dias', 'Usos', 'Expira em', 'Ações']}
      empty="Nenhum código promocional encontrado"
      count={items.length}
    >
      {items.map((promo) => (
        <tr key={promo.id} data-testid="promo-row">
          <Cell className="font-mono font-semibold">{promo.code}</Cell>
          <Cell>{PROMO_TYPE_LABELS[promo.promoType]}</Cell>
          <Cell>{promo.promoType === 'role' ? promo.targetRole : (promo.courseTitle ?? '-')}</Cell>
          <Cell>{promo.days}</Cell>
          <Cell>
            {promo.usedCount}/{promo.maxUses}
          </Cell>
          <Cell>{promo.expiryLabel}</Cell>
          <Cell>
            <RowDeleteLink to={links.confirm('delete-promo', promo.id)} message={PROMO_DELETE_CONFIRM} id={promo.id}>
              Excluir<span className="sr-only"> o código {promo.code}</span>
            </RowDeleteLink>
          </Cell>
        </tr>
      ))}
    </ListTable>
  );
}
