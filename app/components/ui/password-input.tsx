import { useState, type InputHTMLAttributes } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';

/** A password input whose show/hide toggle appears once JavaScript runs (without it the field still works). */
export function PasswordInput(props: InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={shown ? 'text' : 'password'} className="input pr-20" />
      {hydrated ? (
        <button
          type="button"
          onClick={() => setShown((value) => !value)}
          className="absolute inset-y-0 right-0 px-3 text-xs font-medium text-slate-600 hover:text-slate-900"
          aria-controls={props.id}
          aria-pressed={shown}
        >
          {shown ? 'Ocultar' : 'Mostrar'}
        </button>
      ) : null}
    </div>
  );
}
