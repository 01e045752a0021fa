/**
 * What a page says while it loads, where the specification names it (in its Screens and routes): shown by the
 * navigation progress while the browser is on its way to that page (with JavaScript; without it
 * the browser's own indicator is all there is).
 */
const LOADING_TEXTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/courses\/\d+\/?$/, 'Carregando informações do curso...'],
  [/^\/chat\/\d+\/?$/, 'Carregando ticket...'],
];

export function loadingTextFor(pathname: string): string | null {
  for (const [pattern, text] of LOADING_TEXTS) if (pattern.test(pathname)) return text;
  return null;
}
