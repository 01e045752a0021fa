import type { ReactNode } from 'react';

const styles = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-brand-100 bg-brand-50 text-brand-900',
} as const;

export function Alert({ title, children, variant = 'error' }: { title?: string; children?: ReactNode; variant?: keyof typeof styles }) {
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={`rounded-md border p-3 text-sm ${styles[variant]}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : undefined}>{children}</div> : null}
    </div>
  );
}
