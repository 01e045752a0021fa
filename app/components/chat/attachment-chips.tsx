import { ATTACHMENT_MESSAGES, formatFileSize, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '~/schemas/chat-attachment-limits';

/**
 * The files chosen in the reply box, shown as chips before sending (with JavaScript; without it
 * the browser's own file input lists them). Each chip removes its file; a file over 5 MB or one
 * too many is flagged here as a courtesy: the server checks again, by the bytes.
 */
export function AttachmentChips({ files, onRemove }: { files: readonly File[]; onRemove: (index: number) => void }) {
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Arquivos anexados" data-testid="attachment-chips">
      {files.map((file, index) => {
        const problem =
          index >= MAX_ATTACHMENTS ? ATTACHMENT_MESSAGES.tooMany : file.size > MAX_ATTACHMENT_BYTES ? ATTACHMENT_MESSAGES.tooLarge : null;
        return (
          <li
            key={`${file.name}-${index}`}
            className={`flex max-w-full items-center gap-2 rounded-full border px-3 py-1 text-sm ${problem ? 'border-red-300 bg-red-50 text-red-800' : 'border-slate-300 bg-slate-50'}`}
          >
            <span className="truncate">{file.name}</span>
            <span className="shrink-0 text-xs text-slate-600">{formatFileSize(file.size)}</span>
            {problem ? <span className="sr-only">{problem}</span> : null}
            <button
              type="button"
              className="shrink-0 rounded px-1 font-bold"
              onClick={() => onRemove(index)}
              aria-label={`Remover ${file.name}`}
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
