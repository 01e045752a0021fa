/**
 * Calculator texts write a subscript as `X_abc` (T_f, I_B, F_eixo, pK_a): most subscripts have no
 * Unicode character (f, b, c, d, g, w, capitals, ∞), so pages show every one of them as a real
 * `<sub>`, beside the Unicode ones (I₀, n₁) the texts already use: one notation on screen. The texts
 * themselves (CSV, link previews, the figures' SVG) keep the underscore.
 */
const SUBSCRIPT = /(?<=[\p{L}\p{N})\]])_([\p{L}\p{N}∞]+(?:,[\p{L}\p{N}]+)*)/u;

/** The text cut at each subscript: even indexes are plain text, odd ones subscripts. */
export function splitSubscripts(text: string): string[] {
  // Most labels have no underscore: they skip building and running the pattern (every calculator page renders dozens).
  if (!text.includes('_')) return [text];
  return text.split(new RegExp(SUBSCRIPT.source, 'gu'));
}

export function SymbolText({ text }: { text: string }) {
  const parts = splitSubscripts(text);
  if (parts.length === 1) return <>{text}</>;
  return <>{parts.map((part, index) => (index % 2 === 1 ? <sub key={index}>{part}</sub> : part))}</>;
}
