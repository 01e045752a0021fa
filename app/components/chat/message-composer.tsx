import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { FormReply } from '~/utils/form.server';
import { firstReplyError } from '~/utils/form-reply';

const MAX_LENGTH = 5000;

/**
 * The ticket's reply box: a plain POST form (intent 'send'), so it works without JavaScript.
 * Hydrated, Enter sends and Shift+Enter makes a new line, 'Enviar' waits for some text, and the
 * box empties once the message went through (a refusal keeps the text).
 */
export function MessageComposer() {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const reply = useActionData<FormReply>();
  const error = reply?.intent === 'send' ? firstReplyError(reply.result) : undefined;
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'send';
  const [text, setText] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (submitting) sent.current = true;
    else if (sent.current) {
      sent.current = false;
      if (!error) setText('');
    }
  }, [submitting, error]);

  const blank = text.trim() === '';
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!blank && !submitting) formRef.current?.requestSubmit();
  };

  return (
    <Form method="post" ref={formRef} className="space-y-2" id="responder" preventScrollReset>
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
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={submitting || (hydrated && blank)}>
          {submitting ? 'Enviando...' : 'Enviar'}
        </button>
      </div>
    </Form>
  );
}
