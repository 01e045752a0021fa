import type { AttachmentView } from '~/models/chat/attachments.server';
import { formatFileSize } from '~/schemas/chat-attachment-limits';

/**
 * A message's files in the thread: images as a small preview that opens the file, PDFs as a
 * download link. Plain `<a>` (a resource route, not a page: no client navigation). Its texts are
 * one string each: the ticket's messages are kept as static markup (message-list.tsx, decision 079).
 */
export function MessageAttachments({ attachments }: { attachments: readonly AttachmentView[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label="Anexos" data-testid="message-attachments">
      {attachments.map((file) => (
        <li key={file.id} className="max-w-full">
          <a
            href={file.url}
            className="flex max-w-full items-center gap-2 rounded border border-slate-300 bg-white px-2 py-1 text-sm text-brand-700 underline"
            {...(file.contentType === 'application/pdf' ? { download: file.name } : { target: '_blank', rel: 'noopener' })}
          >
            {file.contentType === 'application/pdf' ? null : (
              <img src={file.url} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 shrink-0 rounded object-cover" />
            )}
            <span className="truncate">{file.name}</span>
            <span className="shrink-0 text-xs text-slate-600">{`(${file.contentType === 'application/pdf' ? 'PDF' : 'imagem'}, ${formatFileSize(file.size)})`}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
