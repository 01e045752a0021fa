/**
 * The fresh check before dangerous actions (decision 060), the part the browser shares: the
 * field that carries the code or password, the step's reply and its words.
 */

/** The form field that carries the code or the password, beside the pending action's own fields. */
export const FRESH_CHECK_FIELD = 'freshCheckSecret';

/** How the user proves it is them: a current authenticator code, or the password without two-step sign-in. */
export type FreshCheckMethod = 'code' | 'password';

/** What an action answers when the check is due: the pending action, to be posted again with the secret. */
export type FreshCheckPrompt = {
  intent: string;
  method: FreshCheckMethod;
  /** The pending action's fields, as they were posted (hidden inputs of the step). */
  fields: Array<[string, string]>;
  error: string | null;
  /** The user has a passkey, which also renews the check (decision 067; its button needs JavaScript). */
  passkey?: boolean;
};

export const FRESH_CHECK_TEXTS = {
  title: 'Confirme que é você',
  code: 'Esta ação pede uma verificação recente. Digite o código de 6 dígitos do seu aplicativo autenticador.',
  password: 'Esta ação pede uma verificação recente. Digite sua senha.',
  codeLabel: 'Código do aplicativo',
  passwordLabel: 'Sua senha',
  submit: 'Confirmar e continuar',
  cancel: 'Cancelar',
} as const;

/** `/account/fresh-check?redirectTo=`: the step before a download (a GET cannot carry a form). */
export const FRESH_CHECK_PAGE = '/account/fresh-check';

export const freshCheckPagePath = (redirectTo: string) => `${FRESH_CHECK_PAGE}?${new URLSearchParams({ redirectTo })}`;
