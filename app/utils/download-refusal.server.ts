import { isAppError } from '~/utils/errors';

/**
 * The answer of a download link (a PDF, a CSV) that cannot give its file: a small HTML page a
 * person can read, since there is no app page around a download to show the message. The message
 * and the way back are escaped, so a text that ever carries user input cannot become markup.
 */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export function downloadRefusal(status: number, message: string, back: { href: string; label: string }): Response {
  const text = escapeHtml(message);
  return new Response(
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text} — E-Engenharia</title></head><body><main><h1>${text}</h1><p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p></main></body></html>`,
    { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
  );
}

/**
 * A download's steps, with a refusal of the models (an AppError: a missing record, a spent limit)
 * answered as the readable page above instead of a JSON error a browser would show raw.
 */
export async function orDownloadRefusal<T>(run: () => T | Promise<T>, back: { href: string; label: string }): Promise<T | Response> {
  try {
    return await run();
  } catch (error) {
    if (isAppError(error)) return downloadRefusal(error.status, error.message, back);
    throw error;
  }
}
