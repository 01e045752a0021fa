import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ATTACHMENT_ACCEPT, MAX_ATTACHMENTS } from '~/schemas/chat-attachment-limits';
import type { FormReply } from '~/utils/form.server';
import { firstReplyError } from '~/utils/form-reply';
import { AttachmentChips } from './attachment-chips';

const MAX_LENGTH = 5000;

/**
 * The ticket's reply box: a plain multipart POST form (intent 'send'), so it works without
 * JavaScript, files included (up to 3: PNG, JPEG, WebP or PDF of 5 MB). Hydrated, Enter sends and
 * Shift+Enter makes a new line, 'Enviar' waits for some text, the chosen files show as chips, and
 * the box empties once the message went through (a refusal keeps the text and the files).
 */
export function MessageComposer() {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const reply = useActionData<FormReply>();
  const result = reply?.intent === 'send' ? reply.result : null;
  const filesError = result?.status === 'error' ? result.error?.files?.[0] : undefined;
  const error = filesError ? (result?.error?.message?.[0] ?? result?.error?.['']?.[0]) : firstReplyError(result);
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'send';
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (submitting) sent.current = true;
    else if (sent.current) {
      sent.current = false;
      if (!error && !filesError) {
        setText('');
        setFiles([]);
        if (fileInput.current) fileInput.current.value = '';
      }
    }
  }, [submitting, error, filesError]);

  const removeFile = (index: number) => {
    const input = fileInput.current;
    if (!input?.files) return;
    const kept = new DataTransfer();
    Array.from(input.files).forEach((file, at) => {
      if (at !== index) kept.items.add(file);
    });
    input.files = kept.files;
    setFiles(Array.from(kept.files));
  };

  const blank = text.trim() === '';
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!blank && !submitting) formRef.current?.requestSubmit();
  };

  return (
    <Form method="post" encType="multipart/form-data" ref={formRef} className="space-y-2" preventScrollReset>
      <input type="hidden" name="intent" value="send" />
      <label htmlFor="chat-message" className="sr-only">
        Mensagem
      </label>
      <textarea
        id="chat-message"
        name="message"
        rows={3}
        maxLength={MAX_LENGTH}
        required
        placeholder="Digite sua mensagem..."
        className="input"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'chat-message-error' : hydrated ? 'chat-message-hint' : undefined}
      />
      {error ? (
        <p id="chat-message-error" className="field-error">
          {error}
        </p>
      ) : hydrated ? (
        <p id="chat-message-hint" className="text-xs text-slate-500">
          Enter envia; Shift+Enter quebra a linha.
        </p>
      ) : null}
      <div>
        <label htmlFor="chat-files" className="text-sm font-medium text-slate-700">
          Anexos (opcional)
        </label>
        <input
          id="chat-files"
          ref={fileInput}
          type="file"
          name="files"
          multiple
          accept={ATTACHMENT_ACCEPT}
          className="mt-1 block w-full max-w-full text-sm"
          onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
          aria-invalid={filesError ? true : undefined}
          aria-describedby={filesError ? 'chat-files-error chat-files-hint' : 'chat-files-hint'}
        />
        <p id="chat-files-hint" className="mt-1 text-xs text-slate-500">
          Até {MAX_ATTACHMENTS} arquivos: imagens PNG, JPEG ou WebP, ou PDF, com até 5 MB cada.
        </p>
        {filesError ? (
          <p id="chat-files-error" className="field-error">
            {filesError}
          </p>
        ) : null}
      </div>
      {hydrated ? <AttachmentChips files={files} onRemove={removeFile} /> : null}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={submitting || (hydrated && blank)}>
          {submitting ? 'Enviando...' : 'Enviar'}
        </button>
      </div>
    </Form>
  );
}
