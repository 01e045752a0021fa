import { getFormProps, type FormMetadata } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';

/** A page form posting one intent (see handleForm): a real `<Form method="post">`, so it works without JavaScript. */
type IntentFormProps<Shape extends Record<string, unknown>> = {
  intent: string;
  form: FormMetadata<Shape, string[]>;
  className?: string;
  children: ReactNode;
};

export function IntentForm<Shape extends Record<string, unknown>>({ intent, form, className, children }: IntentFormProps<Shape>) {
  return (
    <Form method="post" className={className} {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
