import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { HoneypotInputs } from 'remix-utils/honeypot/react';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { Alert } from '~/components/ui/alert';
import { Field, TextareaField } from '~/components/ui/field';
import { requestAddress } from '~/models/accounts/auth.server';
import { createContactMessage } from '~/models/admin/contact-message.server';
import { getPlanPriceLabels } from '~/models/payments/index.server';
import { CONTACT_LIMITS, contactSchema } from '~/schemas/contact';
import { handleForm, intent, type FormReply } from '~/utils/form.server';
import type { ProRole } from '~/utils/value-sets';
import { redirectWithToast } from '~/utils/toast.server';
import { Icon } from '~/components/ui/icon';

export const meta: MetaFunction = () => [
  { title: 'Contato — E-Engenharia' },
  {
    name: 'description',
    content: 'Fale com a equipe da E-Engenharia: envie sua mensagem, veja nossos canais de atendimento e as perguntas frequentes.',
  },
];

const SUCCESS_TOAST = {
  title: 'Mensagem enviada!',
  description: 'Entraremos em contato em breve',
  type: 'success',
} as const;

/** Contact details come from the server so they can move to configuration without touching the view. */
export async function loader() {
  return json({
    channels: [
      {
        kind: 'email',
        label: 'E-mail',
        value: 'contato@e-engenharia.com.br',
        href: 'mailto:contato@e-engenharia.com.br',
        note: 'Respondemos em até 1 dia útil',
      },
      { kind: 'phone', label: 'Telefone', value: '(11) 3456-7890', href: 'tel:+551134567890', note: 'Ligações em horário comercial' },
      {
        kind: 'whatsapp',
        label: 'WhatsApp',
        value: '(11) 98765-4321',
        href: 'https://wa.me/5511987654321',
        note: 'Atendimento por mensagem',
      },
    ],
    hours: ['Segunda a Sexta: 8h às 18h', 'Sábado: 9h às 14h', 'Domingo: Fechado'],
    /** The FAQ quotes the paid plans' prices as the admin set them. */
    planPrices: getPlanPriceLabels(),
  });
}

export async function action(args: ActionFunctionArgs) {
  return handleForm(
    args,
    {
      contact: intent({
        schema: contactSchema,
        run: async (value) => {
          await createContactMessage(value, requestAddress(args.request, args.context));
          return redirectWithToast('/contact', SUCCESS_TOAST);
        },
      }),
    },
    { honeypot: true },
  );
}

const faq = (prices: Record<ProRole, string>) => [
  {
    question: 'Como faço para criar uma conta?',
    answer:
      'Clique em "Começar" na página inicial ou acesse a tela de entrada e escolha "Criar conta". Informe nome de usuário, e-mail, CPF e uma senha. O plano E-BASIC é gratuito e fica ativo na hora.',
  },
  {
    question: 'Qual a diferença entre os planos E-BASIC, E-TOOL e E-MASTER?',
    answer: `O E-BASIC é gratuito e dá acesso às ferramentas básicas. O E-TOOL (${prices['E-TOOL']}/mês) libera todas as calculadoras e ferramentas profissionais. O E-MASTER (${prices['E-MASTER']}/mês) inclui tudo do E-TOOL, além dos cursos, materiais exclusivos e suporte premium.`,
  },
  {
    question: 'Os planos pagos são renovados automaticamente?',
    answer:
      'Não. Os planos pagos não são recorrentes: o acesso vale pelo período contratado e, ao final, sua conta volta ao nível anterior. Você pode fazer um novo upgrade quando quiser.',
  },
  {
    question: 'Esqueci minha senha. Como recupero o acesso?',
    answer:
      'Na tela de entrada, clique em "Esqueceu a senha?" e informe seu e-mail ou nome de usuário junto com o CPF cadastrado. Após a verificação, você poderá definir uma nova senha.',
  },
  {
    question: 'Como funcionam os códigos promocionais?',
    answer:
      'Os códigos promocionais podem liberar dias de um plano pago ou o acesso a um curso específico. Ative o código no seu painel ou na página Minha Conta.',
  },
];

const HELP_CATEGORIES = [
  {
    title: 'Suporte Técnico',
    description: 'Dúvidas sobre o uso das calculadoras, erros na plataforma ou problemas de acesso à sua conta.',
    icon: 'M11.42 15.17 17.25 21A2.652 2.652 0 0 0 21 17.25l-5.877-5.877M11.42 15.17l2.496-3.03c.317-.384.74-.626 1.208-.766M11.42 15.17l-4.655 5.653a2.548 2.548 0 1 1-3.586-3.586l6.837-5.63m5.108-.233c.55-.164 1.163-.188 1.743-.14a4.5 4.5 0 0 0 4.486-6.336l-3.276 3.277a3.004 3.004 0 0 1-2.25-2.25l3.276-3.276a4.5 4.5 0 0 0-6.336 4.486c.091 1.076-.071 2.264-.904 2.95l-.102.085m-1.745 1.437L5.909 7.5H4.5L2.25 3.75l1.5-1.5L7.5 4.5v1.409l4.26 4.26m-1.745 1.437 1.745-1.437m6.615 8.206L15.75 15.75M4.867 19.125h.008v.008h-.008v-.008Z',
  },
  {
    title: 'Planos e Pagamentos',
    description: 'Informações sobre os planos E-BASIC, E-TOOL e E-MASTER, upgrades, pagamentos e códigos promocionais.',
    icon: 'M2.25 8.25h19.5M2.25 9h19.5m-16.5 5.25h6m-6 2.25h3m-3.75 3h15a2.25 2.25 0 0 0 2.25-2.25V6.75A2.25 2.25 0 0 0 19.5 4.5h-15a2.25 2.25 0 0 0-2.25 2.25v10.5A2.25 2.25 0 0 0 4.5 19.5Z',
  },
  {
    title: 'Cursos e Conteúdo',
    description: 'Acesso aos cursos, aulas e materiais exclusivos do plano E-MASTER e sugestões de novos conteúdos.',
    icon: 'M4.26 10.147a60.438 60.438 0 0 0-.491 6.347A48.62 48.62 0 0 1 12 20.904a48.62 48.62 0 0 1 8.232-4.41 60.46 60.46 0 0 0-.491-6.347m-15.482 0a50.636 50.636 0 0 0-2.658-.813A59.906 59.906 0 0 1 12 3.493a59.903 59.903 0 0 1 10.399 5.84c-.896.248-1.783.52-2.658.814m-15.482 0A50.717 50.717 0 0 1 12 13.489a50.702 50.702 0 0 1 7.74-3.342M6.75 15a.75.75 0 1 0 0-1.5.75.75 0 0 0 0 1.5Zm0 0v-3.675A55.378 55.378 0 0 1 12 8.443m-7.007 11.55A5.981 5.981 0 0 0 6.75 15.75v-1.5',
  },
] as const;

const CHANNEL_ICONS: Record<string, string> = {
  email:
    'M21.75 6.75v10.5a2.25 2.25 0 0 1-2.25 2.25h-15a2.25 2.25 0 0 1-2.25-2.25V6.75m19.5 0A2.25 2.25 0 0 0 19.5 4.5h-15a2.25 2.25 0 0 0-2.25 2.25m19.5 0v.243a2.25 2.25 0 0 1-1.07 1.916l-7.5 4.615a2.25 2.25 0 0 1-2.36 0L3.32 8.91a2.25 2.25 0 0 1-1.07-1.916V6.75',
  phone:
    'M2.25 6.75c0 8.284 6.716 15 15 15h2.25a2.25 2.25 0 0 0 2.25-2.25v-1.372c0-.516-.351-.966-.852-1.091l-4.423-1.106c-.44-.11-.902.055-1.173.417l-.97 1.293c-.282.376-.769.542-1.21.38a12.035 12.035 0 0 1-7.143-7.143c-.162-.441.004-.928.38-1.21l1.293-.97c.363-.271.527-.734.417-1.173L6.963 3.102a1.125 1.125 0 0 0-1.091-.852H4.5A2.25 2.25 0 0 0 2.25 4.5v2.25Z',
  whatsapp:
    'M8.625 12a.375.375 0 1 1-.75 0 .375.375 0 0 1 .75 0Zm0 0H8.25m4.125 0a.375.375 0 1 1-.75 0 .375.375 0 0 1 .75 0Zm0 0H12m4.125 0a.375.375 0 1 1-.75 0 .375.375 0 0 1 .75 0Zm0 0h-.375M21 12c0 4.556-4.03 8.25-9 8.25a9.764 9.764 0 0 1-2.555-.337A5.972 5.972 0 0 1 5.41 20.97a5.969 5.969 0 0 1-.474-.065 4.48 4.48 0 0 0 .978-2.025c.09-.457-.133-.901-.467-1.226C3.93 16.178 3 14.189 3 12c0-4.556 4.03-8.25 9-8.25s9 3.694 9 8.25Z',
};

function RequiredLabel({ text }: { text: string }) {
  return (
    <>
      {text}{' '}
      <span className="text-red-600" aria-hidden="true">
        *
      </span>
    </>
  );
}

export default function ContactPage() {
  const { channels, hours, planPrices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<FormReply>()?.result;
  const navigation = useNavigation();
  const isSubmitting = navigation.state === 'submitting';
  const formRef = useRef<HTMLFormElement>(null);
  const sawSubmission = useRef(false);

  const [form, fields] = useForm({
    id: 'contact',
    lastResult,
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: contactSchema });
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });

  // A successful send redirects back here with no action data: clear the form, as the
  // full page load does when JavaScript is off.
  useEffect(() => {
    if (navigation.state === 'submitting') {
      sawSubmission.current = true;
    } else if (navigation.state === 'idle' && sawSubmission.current) {
      sawSubmission.current = false;
      if (!lastResult) formRef.current?.reset();
    }
  }, [navigation.state, lastResult]);

  const [formTitle, ...formDetails] = form.errors ?? [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Contato</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Entre em Contato</h1>
        <p className="mt-4 text-lg text-slate-600">
          Tem alguma dúvida, sugestão ou precisa de ajuda? Envie uma mensagem para a nossa equipe de engenheiros.
        </p>
      </header>

      <div className="mt-12 grid gap-8 lg:grid-cols-3">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2 sm:p-8"
        >
          <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
            Envie sua mensagem
          </h2>
          <p className="mt-1 text-sm text-slate-600">Todos os campos são obrigatórios.</p>

          {formTitle ? (
            <div id={form.errorId} className="mt-6">
              <Alert title={formTitle}>
                {formDetails.map((detail) => (
                  <p key={detail}>{detail}</p>
                ))}
              </Alert>
            </div>
          ) : null}

          <Form method="post" ref={formRef} {...getFormProps(form)} className="mt-6 space-y-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <Field
                key={fields.name.key}
                label={<RequiredLabel text="Nome" />}
                errors={fields.name.errors}
                inputProps={{
                  ...getInputProps(fields.name, { type: 'text' }),
                  autoComplete: 'name',
                  maxLength: CONTACT_LIMITS.name,
                  'aria-required': true,
                  placeholder: 'Seu nome completo',
                }}
              />
              <Field
                key={fields.email.key}
                label={<RequiredLabel text="E-mail" />}
                errors={fields.email.errors}
                inputProps={{
                  ...getInputProps(fields.email, { type: 'email' }),
                  autoComplete: 'email',
                  maxLength: CONTACT_LIMITS.email,
                  'aria-required': true,
                  placeholder: 'seu@email.com',
                }}
              />
            </div>
            <Field
              key={fields.subject.key}
              label={<RequiredLabel text="Assunto" />}
              errors={fields.subject.errors}
              inputProps={{
                ...getInputProps(fields.subject, { type: 'text' }),
                maxLength: CONTACT_LIMITS.subject,
                'aria-required': true,
                placeholder: 'Sobre o que você quer falar?',
              }}
            />
            <TextareaField
              key={fields.message.key}
              label={<RequiredLabel text="Mensagem" />}
              errors={fields.message.errors}
              textareaProps={{
                ...getTextareaProps(fields.message),
                rows: 6,
                maxLength: CONTACT_LIMITS.message,
                'aria-required': true,
                placeholder: 'Escreva sua mensagem...',
              }}
            />

            <HoneypotInputs label="Deixe este campo em branco" />

            <button type="submit" disabled={isSubmitting} className="btn-primary w-full px-6 py-3 text-base font-semibold sm:w-auto">
              {isSubmitting ? (
                <>
                  <svg className="h-4 w-4 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
                    <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
                    <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4Z" />
                  </svg>
                  Enviando...
                </>
              ) : (
                'Enviar Mensagem'
              )}
            </button>
          </Form>
        </section>

        <aside className="space-y-6">
          <section aria-labelledby="contact-channels-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="contact-channels-title" className="text-lg font-semibold text-slate-900">
              Canais de atendimento
            </h2>
            <ul className="mt-4 space-y-4">
              {channels.map((channel) => (
                <li key={channel.kind} className="flex gap-3">
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                    <Icon path={CHANNEL_ICONS[channel.kind] ?? CHANNEL_ICONS.email} className="h-5 w-5" />
                  </span>
                  <div>
                    <p className="text-sm font-medium text-slate-900">{channel.label}</p>
                    <a
                      href={channel.href}
                      className="text-sm text-brand-600 hover:text-brand-700 hover:underline"
                      {...(channel.kind === 'whatsapp' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    >
                      {channel.value}
                    </a>
                    <p className="text-xs text-slate-500">{channel.note}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="contact-hours-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="contact-hours-title" className="text-lg font-semibold text-slate-900">
              Horário de atendimento
            </h2>
            <ul className="mt-4 space-y-2 text-sm text-slate-700">
              {hours.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="mt-4 text-xs text-slate-500">Horário de Brasília.</p>
          </section>
        </aside>
      </div>

      <section aria-labelledby="help-categories-title" className="mt-16">
        <h2 id="help-categories-title" className="text-center text-2xl font-bold text-slate-900">
          Como podemos ajudar?
        </h2>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {HELP_CATEGORIES.map((category) => (
            <div key={category.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                <Icon path={category.icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{category.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{category.description}</p>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="faq-title" className="mx-auto mt-16 max-w-3xl">
        <h2 id="faq-title" className="text-center text-2xl font-bold text-slate-900">
          Perguntas Frequentes
        </h2>
        <div className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {faq(planPrices).map((item) => (
            <details key={item.question} className="group p-5">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
                {item.question}
                <svg
                  className="h-5 w-5 shrink-0 text-slate-500 transition group-open:rotate-180"
                  fill="none"
                  viewBox="0 0 24 24"
                  strokeWidth={1.5}
                  stroke="currentColor"
                  aria-hidden="true"
                >
                  <path strokeLinecap="round" strokeLinejoin="round" d="m19.5 8.25-7.5 7.5-7.5-7.5" />
                </svg>
              </summary>
              <p className="mt-3 text-sm leading-relaxed text-slate-600">{item.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
