import { useEffect, useState } from 'react';
import type { Toast } from '~/utils/toast';

const TOAST_MS = 5000;

/** At most one toast at a time; it leaves after 5 s (by CSS when JavaScript is off). */
export function ToastOutlet({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast | null>(toast);

  // A revalidation brings no toast (the flash cookie is spent): the one on screen stays its 5 s.
  useEffect(() => {
    if (toast) setVisible(toast);
  }, [toast]);
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  if (!visible) return null;
  const destructive = visible.type === 'error';
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      data-testid="toast"
      className={`toast-auto-hide fixed bottom-4 right-4 z-50 w-[22rem] max-w-[calc(100vw-2rem)] rounded-lg border p-4 shadow-lg print:hidden ${
        destructive ? 'border-red-700 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900'
      }`}
    >
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <p className="text-sm font-semibold">{visible.title}</p>
          {visible.description ? (
            <p className={`mt-1 text-sm ${destructive ? 'text-red-50' : 'text-slate-600'}`}>{visible.description}</p>
          ) : null}
        </div>
        <button type="button" onClick={() => setVisible(null)} className="text-sm opacity-70 hover:opacity-100" aria-label="Fechar">
          ✕
        </button>
      </div>
    </div>
  );
}
