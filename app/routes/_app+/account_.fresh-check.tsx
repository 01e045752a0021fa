import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { FreshCheckForm } from '~/components/account/fresh-check-step';
import { requestAddress } from '~/models/accounts/auth.server';
import { freshCheckMethod, renewFreshCheck } from '~/models/accounts/fresh-check.server';
import { requireUser } from '~/models/accounts/permissions.server';
import { freshCheckPageSchema } from '~/schemas/fresh-check';
import { handleForm, intent } from '~/utils/form.server';
import { FRESH_CHECK_FIELD, FRESH_CHECK_TEXTS } from '~/utils/fresh-check';
import { pageMeta } from '~/utils/meta';
import { safeRedirect, safeRedirectPath } from '~/utils/toast.server';

export const meta: MetaFunction = () =>
  pageMeta(`${FRESH_CHECK_TEXTS.title} — E-Engenharia`, 'Uma verificação recente antes de continuar.');

const destination = (value: unknown) => safeRedirectPath(typeof value === 'string' ? value : null, '/account');

/**
 * GET /account/fresh-check?redirectTo=: the fresh check (decision 060) before a download, which
 * a GET link cannot carry a form for. The code or the password renews it and the browser goes
 * back to `redirectTo` as a document request (the download starts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ method: freshCheckMethod(user.id), redirectTo: destination(new URL(request.url).searchParams.get('redirectTo')) });
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args.request);
  return handleForm(args, {
    renew: intent({
      schema: freshCheckPageSchema,
      hideFields: [FRESH_CHECK_FIELD],
      run: async (value) => {
        await renewFreshCheck(args.request, user, value[FRESH_CHECK_FIELD], requestAddress(args.request, args.context));
        // A download is not a page of the app: the browser fetches it as a document, with or without JavaScript.
        return safeRedirect(destination(value.redirectTo), { headers: { 'X-Remix-Reload-Document': 'true' } });
      },
    }),
  });
}

export default function FreshCheckPage() {
  const { method, redirectTo } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors: Array<string[] | null | undefined> = reply && 'result' in reply ? Object.values(reply.result?.error ?? {}) : [];
  const error = errors.flatMap((list) => list ?? [])[0] ?? null;
  return (
    <div className="mx-auto max-w-lg px-4 py-8">
      <section className="card" aria-labelledby="fresh-check-title">
        <h1 id="fresh-check-title" className="text-xl font-bold">
          {FRESH_CHECK_TEXTS.title}
        </h1>
        <p className="mt-3 text-slate-700">{FRESH_CHECK_TEXTS[method]}</p>
        <FreshCheckForm method={method} error={error} intent="renew" fields={[['redirectTo', redirectTo]]} cancelTo="/account" />
      </section>
    </div>
  );
}
