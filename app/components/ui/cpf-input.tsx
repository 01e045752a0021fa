import { useState, type InputHTMLAttributes } from 'react';
import { formatCpf } from '~/utils/cpf';

type CpfInputProps = InputHTMLAttributes<HTMLInputElement> & { id: string };

/**
 * A CPF field shown as 000.000.000-00 while typing (up to 14 characters); the server strips it
 * to digits and checks the check digits, so without JavaScript the plain value works too.
 */
export function CpfInput(props: CpfInputProps) {
  const [value, setValue] = useState(formatCpf(String(props.defaultValue ?? '')));
  const { defaultValue: _ignored, ...rest } = props;
  return (
    <input
      {...rest}
      className="input"
      inputMode="numeric"
      maxLength={14}
      placeholder="000.000.000-00"
      value={value}
      onChange={(event) => setValue(formatCpf(event.target.value))}
    />
  );
}
