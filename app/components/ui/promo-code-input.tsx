import { getInputProps, type FieldMetadata } from '@conform-to/react';

type PromoCodeInputProps = { field: FieldMetadata<string>; placeholder: string; describedBy?: string; invalid?: boolean };

/** The promo-code field of the dashboard box and the account page: labelled for screen readers, no autocomplete. */
export function PromoCodeInput({ field, placeholder, describedBy, invalid }: PromoCodeInputProps) {
  return (
    <>
      <label htmlFor={field.id} className="sr-only">
        Código promocional
      </label>
      <input
        {...getInputProps(field, { type: 'text' })}
        className="input"
        placeholder={placeholder}
        autoComplete="off"
        maxLength={50}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
    </>
  );
}
