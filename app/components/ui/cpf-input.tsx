import { useEffect, useRef, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { formatCpf } from '~/utils/cpf';

type CpfInputProps = InputHTMLAttributes<HTMLInputElement> & { id: string };

/**
 * A CPF field shown as 000.000.000-00 while typing (up to 14 characters); the server strips it
 * to digits and checks the check digits, so without JavaScript the plain value works too.
 * Uncontrolled: what a visitor typed before the page hydrated stays in the field (a state of
 * ours would start empty and wipe it on the form's next render); the mask rewrites the element.
 */
export function CpfInput({ defaultValue, onChange, ...rest }: CpfInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) mask(ref.current);
  }, []);
  return (
    <input
      {...rest}
      ref={ref}
      className="input"
      inputMode="numeric"
      maxLength={14}
      placeholder="000.000.000-00"
      defaultValue={formatCpf(String(defaultValue ?? ''))}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        mask(event.target);
        onChange?.(event);
      }}
    />
  );
}

function mask(input: HTMLInputElement) {
  const formatted = formatCpf(input.value);
  if (formatted !== input.value) input.value = formatted;
}
