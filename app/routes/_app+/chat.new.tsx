import { LightLink } from '~/components/ui/light-link';
import { getInputProps, getTextareaProps } from '@conform-to/react';
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Field, TextareaField } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { createThread } from '~/models/chat/chat.server';
import { requireUser } from '~/models/accounts/permissions.server';
import { MAX_CHAT_MESSAGE, MAX_CHAT_SUBJECT, newChatFormSchema } from '~/schemas/chat';
import { handleForm, intent } from '~/utils/form.server';
import { useIntentForm } from '~/utils/intent-form';
import { pageMeta } from '~/utils/meta';
import { redirectWithToast, safeRedirect } from '~/utils/toast.server';
import { ticketPath } from '~/utils/ticket-path';

export const meta: MetaFunction = () => pageMeta('Nova Conversa', 'Abra um chat com a equipe de suporte da E-Engenharia.');

/** Admins answer tickets; they do not open them (the specification's Screens and routes: 'Novo Chat' is for users). */
async function requireChatUser(request: Request) {
  const user = await requireUser(request);
  if (user.role === 'admin') throw safeRedirect('/admin/chats');
  return user;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireChatUser(request);
  return null;
}

const FAILURE = 'Erro ao iniciar conversa';

/** The ticket and its first message in one transaction, then the ticket itself. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireChatUser(args.request);
  return handleForm(args, {
    create: intent({
      schema: newChatFormSchema,
      refusalToast: (message) => ({ title: FAILURE, description: message, type: 'error' }),
      run: async ({ subject, message }) => {
        const thread = await createThread(user, { subject, message });
        return redirectWithToast(ticketPath(thread.id), {
          title: 'Conversa iniciada',
          description: 'Sua mensagem foi enviada com sucesso.',
          type: 'success',
        });
      },
    }),
  });
}

export default function NewChat() {
  const { form, fields, submitting } = useIntentForm('create', newChatFormSchema, {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <LightLink to="/chats" className="text-sm text-brand-700 hover:underline">
        ← Meus Chats
      </LightLink>
      <section className="card mt-4" aria-labelledby="new-chat-heading">
        <h1 id="new-chat-heading" className="text-2xl font-bold">
          Nova Conversa
        </h1>
        <IntentForm intent="create" form={form} className="mt-6 space-y-4">
          <FormError title={FAILURE} errors={form.errors} />
          <Field
            key={fields.subject.key}
            label="Assunto"
            errors={fields.subject.errors}
            inputProps={{ ...getInputProps(fields.subject, { type: 'text' }), maxLength: MAX_CHAT_SUBJECT, autoComplete: 'off' }}
          />
          <TextareaField
            key={fields.message.key}
            label="Mensagem"
            errors={fields.message.errors}
            textareaProps={{
              ...getTextareaProps(fields.message),
              rows: 6,
              maxLength: MAX_CHAT_MESSAGE,
              placeholder: 'Digite sua mensagem aqui...',
            }}
          />
          <div className="flex justify-end gap-2">
            <LightLink to="/chats" className="btn-secondary">
              Cancelar
            </LightLink>
            <button type="submit" className="btn-primary" disabled={submitting}>
              {submitting ? 'Enviando...' : 'Enviar'}
            </button>
          </div>
        </IntentForm>
      </section>
    </div>
  );
}
