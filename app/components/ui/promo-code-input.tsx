import { getInputProps, type FieldMetadata } from '@conform-to/react';

type PromoCodeInputProps = {
  field: FieldMetadata<string>;
  placeholder: string;
  describedBy?: string;
  invalid?: boolean;
  /** Shown above the field (the course forms' 'Código Promocional'); otherwise the label is for screen readers only. */
  visibleLabel?: string;
};

/** Every promo-code field (dashboard box, account page, course page, catalogue dialog): labelled, no autocomplete. */
export function PromoCodeInput({ field, placeholder, describedBy, invalid, visibleLabel }: PromoCodeInputProps) {
  return (
    <>
      <label htmlFor={field.id} className={visibleLabel ? 'label' : 'sr-only'}>
        {visibleLabel ?? 'Código promocional'}
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
