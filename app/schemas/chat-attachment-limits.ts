/** Support attachments' limits and words: no zod here, so the reply box's chips can use them in the browser cheaply. */

/** How many a message carries and how large each may be (issue 22). */
export const MAX_ATTACHMENTS = 3;
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** What the file input offers; the server decides by the bytes, not by this list. */
export const ATTACHMENT_ACCEPT = 'image/png,image/jpeg,image/webp,application/pdf,.png,.jpg,.jpeg,.webp,.pdf';

/**
 * The ticket page's multipart form: three files of 5 MB and the text fit, with room for the
 * multipart boundaries; the body is refused with 413 while it streams in past this (chunked too).
 */
export const MESSAGE_FORM_BYTES = MAX_ATTACHMENTS * MAX_ATTACHMENT_BYTES + 128 * 1024;

export const ATTACHMENT_MESSAGES = {
  tooMany: `Envie no máximo ${MAX_ATTACHMENTS} arquivos por mensagem`,
  tooLarge: 'Cada arquivo pode ter no máximo 5 MB',
  badType: 'Tipo de arquivo não permitido: envie imagens PNG, JPEG ou WebP, ou PDF',
  unreadable: 'Não foi possível ler o arquivo: ele parece estar corrompido',
  diskFull: 'Não há espaço para guardar os anexos agora. Sua mensagem não foi enviada; tente novamente mais tarde.',
  notFound: 'Arquivo não encontrado',
  tooComplex:
    'A imagem tem uma estrutura incomum (blocos demais) e não pode ser enviada: salve-a de novo num editor de imagens ou envie um print.',
  tooManyPixels: 'A imagem é grande demais: envie imagens de até 40 megapixels (por exemplo, 8000 × 5000 pixels).',
  busy: 'Aguarde: um envio de anexos desta conta ainda está em andamento. Tente de novo quando ele terminar.',
  userQuota: (megabytes: number) =>
    `Sua conta atingiu o limite de ${megabytes} MB em anexos. Envie a mensagem sem arquivos; se precisar mandar mais arquivos, peça ao suporte para excluir tickets antigos.`,
} as const;

/** '1,2 MB', '340 KB': a file's size as the chips and the thread show it. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
