/**
 * The answer of a download link that is refused (a missing record, a spent rate limit): a small page a
 * person can read, since a download has no page around it to show a toast. The texts are escaped, though
 * callers pass the models' fixed Portuguese messages.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export function downloadRefusal(status: number, message: string, back: { href: string; label: string }): Response {
  const title = escapeHtml(message);
  return new Response(
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} — E-Engenharia</title></head><body><main><h1>${title}</h1><p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p></main></body></html>`,
    { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
  );
}
