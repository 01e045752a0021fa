import { useHydrated } from 'remix-utils/use-hydrated';

/** The print button needs JavaScript; without it the page says how to use the browser's own print. */
export function CalculatorPrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) {
    return <p className="text-sm text-slate-600">Para imprimir ou salvar em PDF, use o comando Imprimir do navegador (Ctrl+P ou ⌘+P).</p>;
  }
  return (
    <button type="button" className="btn-primary" onClick={() => window.print()}>
      Imprimir / salvar PDF
    </button>
  );
}
