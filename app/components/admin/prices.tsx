import { getInputProps, getSelectProps } from '@conform-to/react';
import { Form, useNavigation } from '@remix-run/react';
import type { FormEvent } from 'react';
import { Cell, ListTable } from '~/components/ui/list-table';
import { courseOptions, type CourseOption } from '~/components/admin/promo-codes';
import { Field, SelectField, type Option } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import type { CourseView } from '~/models/courses/course.server';
import type { PlanPriceView } from '~/models/payments/index.server';
import { coursePriceFormSchema, keepPriceCharacters, PLAN_PRICE_DEFAULTS, planPriceFormSchema } from '~/schemas/price';
import { useIntentForm } from '~/utils/intent-form';
import { COURSE_CATEGORY_LABELS, PRO_ROLES } from '~/utils/value-sets';

const PLAN_OPTIONS: Option[] = PRO_ROLES.map((value) => ({ value, label: value }));

/** The price inputs keep only digits, dots and commas as the admin types (the server reads them the same way). */
const filterPrice = (event: FormEvent<HTMLInputElement>) => {
  const input = event.currentTarget;
  const kept = keepPriceCharacters(input.value);
  if (kept !== input.value) input.value = kept;
};

/** 'Preço mensal dos planos': plan E-TOOL at 49.90 by default (the specification's Business constants). */
export function PlanPriceForm() {
  const { form, fields, submitting } = useIntentForm('plan-price', planPriceFormSchema, {
    id: 'plan-price',
    defaultValue: PLAN_PRICE_DEFAULTS,
  });
  return (
    <IntentForm intent="plan-price" form={form} className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
      <div className="sm:col-span-3">
        <FormError title="Erro ao atualizar preço" errors={form.errors} />
      </div>
      <SelectField label="Plano" errors={fields.planType.errors} options={PLAN_OPTIONS} selectProps={getSelectProps(fields.planType)} />
      <Field
        label="Preço mensal (R$)"
        hint="Ex.: 29,90 ou 29.90"
        errors={fields.monthlyPrice.errors}
        inputProps={{
          ...getInputProps(fields.monthlyPrice, { type: 'text' }),
          inputMode: 'decimal',
          maxLength: 20,
          autoComplete: 'off',
          onInput: filterPrice,
        }}
      />
      <button type="submit" className="btn-primary sm:mt-6" disabled={submitting}>
        {submitting ? 'Salvando...' : 'Salvar preço'}
      </button>
    </IntentForm>
  );
}

export function PlanPriceTable({ plans }: { plans: readonly (PlanPriceView & { updatedLabel: string })[] }) {
  return (
    <ListTable
      label="Preços atuais dos planos"
      headers={['Plano', 'Preço mensal', 'Atualizado em', 'Por']}
      empty="Nenhum plano encontrado"
      count={plans.length}
    >
      {plans.map((plan) => (
        <tr key={plan.planType} data-testid="plan-price-row">
          <Cell className="font-semibold">{plan.planType}</Cell>
          <Cell>{plan.monthlyPriceLabel}</Cell>
          <Cell>{plan.updatedLabel}</Cell>
          <Cell>{plan.updatedByName ?? '-'}</Cell>
        </tr>
      ))}
    </ListTable>
  );
}

/** 'Preço dos cursos': a course and its price. */
export function CoursePriceForm({ courses }: { courses: readonly CourseOption[] }) {
  const { form, fields, submitting } = useIntentForm('course-price', coursePriceFormSchema, { id: 'course-price' });
  return (
    <IntentForm intent="course-price" form={form} className="mt-4 grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-start">
      <div className="sm:col-span-3">
        <FormError title="Erro ao atualizar preço" errors={form.errors} />
      </div>
      <SelectField
        label="Curso"
        errors={fields.courseId.errors}
        options={courseOptions(courses)}
        placeholder="Selecione um curso"
        selectProps={getSelectProps(fields.courseId)}
      />
      <Field
        label="Preço (R$)"
        errors={fields.price.errors}
        inputProps={{
          ...getInputProps(fields.price, { type: 'text' }),
          inputMode: 'decimal',
          maxLength: 20,
          autoComplete: 'off',
          onInput: filterPrice,
        }}
      />
      <button type="submit" className="btn-primary sm:mt-6" disabled={submitting}>
        {submitting ? 'Salvando...' : 'Salvar preço'}
      </button>
    </IntentForm>
  );
}

function RemovePriceButton({ course }: { course: CourseView }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'remove-course-price' &&
    navigation.formData.get('courseId') === String(course.id);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="remove-course-price" />
      <input type="hidden" name="courseId" value={course.id} />
      <button type="submit" className="btn-ghost text-red-700 hover:bg-red-50" disabled={pending}>
        {pending ? 'Removendo...' : 'Remover preço'}
        <span className="sr-only"> de {course.title}</span>
      </button>
    </Form>
  );
}

export function CoursePriceTable({ items }: { items: readonly CourseView[] }) {
  return (
    <ListTable
      label="Preços dos cursos"
      headers={['Curso', 'Preço', 'Categoria', 'Instrutor', 'Ações']}
      empty="Nenhum curso encontrado"
      count={items.length}
    >
      {items.map((course) => (
        <tr key={course.id} data-testid="course-price-row">
          <Cell className="font-semibold">{course.title}</Cell>
          <Cell>{course.priceLabel ?? 'Não definido'}</Cell>
          <Cell>{COURSE_CATEGORY_LABELS[course.category]}</Cell>
          <Cell>{course.instructor}</Cell>
          <Cell>{course.priceLabel ? <RemovePriceButton course={course} /> : null}</Cell>
        </tr>
      ))}
    </ListTable>
  );
}
