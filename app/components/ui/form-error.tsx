import { Alert } from './alert';

/** A form's refusal above its fields, under the error-catalogue title (field errors also sit by their field). */
export function FormError({ title, errors }: { title: string; errors?: string[] | null }) {
  return errors?.length ? <Alert title={title}>{errors[0]}</Alert> : null;
}
