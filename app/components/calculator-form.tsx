import { LightLink } from '~/components/ui/light-link';
import { Form, useLocation, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FORM_ERROR, fieldUnits } from '~/calculators/parse';
import type { FieldCondition, InputField, NumberField, SelectField, TextField } from '~/calculators/types';
import { Alert } from '~/components/ui/alert';
import { SymbolText } from '~/components/ui/symbol-text';

type Values = Readonly<Record<string, string>>;
type Errors = Readonly<Record<string, string>>;

/** Navigation state of a results-as-you-type submission (the form keeps what is being typed). */
export const LIVE_STATE = { calculatorLive: true } as const;
const LIVE_DELAY_MS = 600;

export const isLiveNavigation = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>).calculatorLive === true;

const fieldId = (name: string) => `calc-${name}`;

/**
 * 'Calcular' lands on the result (or on the message saying what to fix), with JavaScript or
 * without: the GET form's action carries the anchor, which the browser keeps after the query.
 */
export const RESULT_ANCHOR = 'resultado';
/** The inputs' card, where 'Editar dados' goes back to. */
export const INPUTS_ANCHOR = 'dados';

function selectValues(inputs: readonly InputField[], values: Values): Record<string, string> {
  return Object.fromEntries(
    inputs.filter((field) => field.kind === 'select').map((field) => [field.name, values[field.name] ?? field.default]),
  );
}

const applies = (condition: FieldCondition | undefined, selects: Values) =>
  !condition || condition.oneOf.includes(selects[condition.field] ?? '');

function describedBy(name: string, error: string | undefined, help: string | undefined) {
  const ids = [error ? `${fieldId(name)}-error` : null, help ? `${fieldId(name)}-help` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function FieldFooter({ name, error, help }: { name: string; error?: string; help?: string }) {
  return (
    <>
      {help ? (
        <p id={`${fieldId(name)}-help`} className="mt-1 text-xs text-slate-500">
          <SymbolText text={help} />
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId(name)}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

function NumberInput({ field, values, error }: { field: NumberField; values: Values; error?: string }) {
  const id = fieldId(field.name);
  const units = field.unitGroup === undefined ? [] : fieldUnits(field);
  const unitName = `${field.name}_unit`;
  return (
    <>
      <label htmlFor={id} className="label">
        <SymbolText text={field.label} />
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name={field.name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          className="input flex-1 font-mono"
          defaultValue={values[field.name] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(field.name, error, field.help)}
        />
        {units.length > 1 ? (
          <select
            name={unitName}
            defaultValue={values[unitName]}
            aria-label={`Unidade de ${field.label}`}
            className="input w-auto shrink-0"
          >
            {units.map((unit) => (
              <option key={unit.id} value={unit.id}>
                {unit.symbol}
              </option>
            ))}
          </select>
        ) : units.length === 1 ? (
          <>
            <input type="hidden" name={unitName} value={units[0].id} />
            <span className="self-center text-sm text-slate-600">{units[0].symbol}</span>
          </>
        ) : field.unitGroup === undefined && field.unit ? (
          <span className="self-center text-sm text-slate-600">{field.unit}</span>
        ) : null}
      </div>
      <FieldFooter name={field.name} error={error} help={field.help} />
    </>
  );
}

function SelectInput({
  field,
  values,
  error,
  onPick,
}: {
  field: SelectField;
  values: Values;
  error?: string;
  onPick: (value: string) => void;
}) {
  const id = fieldId(field.name);
  return (
    <>
      <label htmlFor={id} className="label">
        <SymbolText text={field.label} />
      </label>
      <select
        id={id}
        name={field.name}
        className="input"
        defaultValue={values[field.name] ?? field.default}
        onChange={(event) => onPick(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field.name, error, field.help)}
      >
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldFooter name={field.name} error={error} help={field.help} />
    </>
  );
}

function TextInput({ field, values, error }: { field: TextField; values: Values; error?: string }) {
  const id = fieldId(field.name);
  return (
    <>
      <label htmlFor={id} className="label">
        <SymbolText text={field.label} />
      </label>
      <input
        id={id}
        name={field.name}
        type="text"
        autoComplete="off"
        spellCheck={false}
        maxLength={field.maxLength}
        placeholder={field.placeholder}
        className={field.format === 'note' ? 'input' : 'input font-mono'}
        defaultValue={values[field.name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field.name, error, field.help)}
      />
      <FieldFooter name={field.name} error={error} help={field.help} />
    </>
  );
}

type CalculatorFormProps = {
  inputs: readonly InputField[];
  values: Values;
  errors: Errors | null;
};

/**
 * The GET form of any calculator, built from its inputs. Without JavaScript it submits on
 * 'Calcular'; with it, results also follow the typing (debounced, replacing the history entry).
 * Fields whose `when` condition is unmet stay in the form, hidden, so a no-JS submission after
 * changing a select still carries them. 'Calcular' goes to `#resultado` (RESULT_ANCHOR); the
 * results as you type stay where the reader is.
 */
export function CalculatorForm({ inputs, values, errors }: CalculatorFormProps) {
  const location = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [selects, setSelects] = useState(() => selectValues(inputs, values));
  const timer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => () => clearTimeout(timer.current), []);

  const scheduleLive = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    clearTimeout(timer.current);
    // To the page itself, not to the result's anchor: typing must not scroll the form away.
    timer.current = setTimeout(
      () => submit(form, { action: location.pathname, replace: true, preventScrollReset: true, state: LIVE_STATE }),
      LIVE_DELAY_MS,
    );
  };

  const calculating =
    navigation.state !== 'idle' && navigation.location?.pathname === location.pathname && !isLiveNavigation(navigation.location?.state);
  const formError = errors?.[FORM_ERROR];

  return (
    <Form
      method="get"
      action={`${location.pathname}#${RESULT_ANCHOR}`}
      className="space-y-4"
      onChange={scheduleLive}
      onSubmit={() => clearTimeout(timer.current)}
      aria-label="Dados do cálculo"
      noValidate
    >
      {formError ? <Alert title="Não foi possível calcular">{formError}</Alert> : null}
      {inputs.map((field) => {
        const error = errors?.[field.name];
        const shown = applies(field.when, selects);
        return (
          <div key={field.name} hidden={!shown} data-field={field.name}>
            {field.kind === 'number' ? (
              <NumberInput field={field} values={values} error={shown ? error : undefined} />
            ) : field.kind === 'select' ? (
              <SelectInput
                field={field}
                values={values}
                error={error}
                onPick={(value) => setSelects((current) => ({ ...current, [field.name]: value }))}
              />
            ) : (
              <TextInput field={field} values={values} error={shown ? error : undefined} />
            )}
          </div>
        );
      })}
      <div className="flex flex-wrap items-center gap-3 pt-2">
        <button type="submit" className="btn-primary" disabled={calculating}>
          {calculating ? 'Calculando...' : 'Calcular'}
        </button>
        <LightLink to={location.pathname} className="btn-ghost" preventScrollReset>
          Restaurar exemplo
        </LightLink>
      </div>
    </Form>
  );
}
