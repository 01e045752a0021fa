import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { UserTable, userDeleteMessage } from '~/components/admin/user-table';
import { z } from 'zod';
import {
  ExpiryCheckButton,
  PasswordResetDialog,
  USER_DIALOGS,
  UserCreateForm,
  UserEditDialog,
  UserFilters,
  type AdminUserDetail,
  type AdminUserRow,
} from '~/components/admin/users';
import { ConfirmActionPanel } from '~/components/ui/confirm-action';
import { Pagination } from '~/components/ui/pagination';
import {
  createUserAsAdmin,
  listUserRows,
  resetUserPassword,
  runExpiryCheck,
  updateUserAsAdmin,
  type UserListRow,
} from '~/models/admin/users.server';
import { deleteUserAsAdmin } from '~/models/privacy/account-deletion.server';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { getUserById } from '~/models/accounts/user.server';
import {
  adminPasswordResetFormSchema,
  adminUserCreateSchema,
  adminUserEditFormSchema,
  adminUserIdSchema,
  adminUserPageQuerySchema,
} from '~/schemas/admin-user';
import { formatCpf } from '~/utils/cpf';
import { AppError, isAppError } from '~/utils/errors';
import { turnOffTwoFactorAsAdmin } from '~/models/accounts/two-factor.server';
import { handleForm, intent } from '~/utils/form.server';
import { makesAdmin } from '~/models/accounts/fresh-check.server';
import { freshIntent } from '~/plumbing/fresh-check.server';
import { FreshCheckStep, useFreshCheckPrompt } from '~/components/account/fresh-check-step';
import { formatShortDate } from '~/utils/format';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';
import { redirectWithToast, type Toast } from '~/utils/toast.server';
import { readDialog, urlWithout, withParams } from '~/utils/url-state';
import { ROLE_LABELS } from '~/utils/value-sets';

export const meta: MetaFunction = () => pageMeta('Usuários — Painel de Administração', 'Contas, cargos e acessos Pro dos usuários.');

const CHECK_FAILED = 'Não foi possível concluir a verificação agora. Tente novamente em instantes.';

const expiryLabel = (user: UserListRow) => (user.roleExpiryDate ? formatShortDate(user.roleExpiryDate) : '-');
const toRow = (user: UserListRow, adminId: number): AdminUserRow => ({
  id: user.id,
  username: user.username,
  email: user.email,
  cpfLabel: user.cpf ? formatCpf(user.cpf) : '-',
  role: user.role,
  expiryLabel: expiryLabel(user),
  isSelf: user.id === adminId,
});

/**
 * A listed user's row (its CPF and expiry formatted), made once per kept row object (the model keeps
 * a search's pages until the next write, then reads new objects) and viewing admin.
 */
const listedRows = new WeakMap<UserListRow, { adminId: number; row: AdminUserRow }>();
function listedRow(user: UserListRow, adminId: number): AdminUserRow {
  const kept = listedRows.get(user);
  if (kept?.adminId === adminId) return kept.row;
  const row = toRow(user, adminId);
  listedRows.set(user, { adminId, row });
  return row;
}

/** `?user=` when it names an existing account (a dialog or confirmation about a missing one simply does not open). */
function dialogUser(params: URLSearchParams, adminId: number): AdminUserDetail | null {
  const id = Number(params.get('user'));
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const user = getUserById(id);
  if (!user) return null;
  return { ...toRow(user, adminId), cpf: user.cpf ?? '' };
}

/** /admin/users?q=&role=&page=, `&dialog=edit|reset&user=ID` (dialogs) and `&confirm=delete-user&user=ID` (deletion without JavaScript). */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams, adminUserPageQuerySchema);
  const page = listUserRows({ q: query.q, role: query.role, page: query.page, perPage: query.perPage });
  const kind = readDialog(url.searchParams, USER_DIALOGS);
  const wantsConfirm = url.searchParams.get('confirm') === 'delete-user';
  const target = kind || wantsConfirm ? dialogUser(url.searchParams, admin.id) : null;
  return json({
    users: page.items.map((user) => listedRow(user, admin.id)),
    total: page.total,
    page: page.page,
    pageCount: page.pageCount,
    q: query.q,
    role: query.role ?? null,
    dialog: kind && target ? { kind, user: target } : null,
    confirm: wantsConfirm && target && !target.isSelf ? target : null,
  });
}

const refusal =
  (title: string) =>
  (message: string): Toast => ({ title, description: message, type: 'error' });

export async function action(args: ActionFunctionArgs) {
  const admin = await requireAdmin(args.request);
  // Saving closes the dialog or confirmation and keeps the search, filter and page.
  const back = urlWithout(args.request.url, ['dialog', 'user', 'confirm']);
  return handleForm(args, {
    // Making an admin, and deleting a user, ask for a fresh check (decision 060).
    create: freshIntent(admin, {
      schema: adminUserCreateSchema,
      when: (input) => makesAdmin(null, input.role),
      hideFields: ['password'],
      refusalToast: refusal('Erro ao criar usuário'),
      run: async (input) => {
        const user = await createUserAsAdmin(admin, input);
        return redirectWithToast(back, {
          title: 'Usuário criado',
          description: `${user.username} foi criado como ${ROLE_LABELS[user.role]}.`,
          type: 'success',
        });
      },
    }),
    update: freshIntent(admin, {
      schema: adminUserEditFormSchema,
      when: ({ id, role }) => makesAdmin(id, role),
      refusalToast: refusal('Erro ao atualizar usuário'),
      run: ({ id, ...input }) => {
        const user = updateUserAsAdmin(admin, id, input);
        const until = user.roleExpiryDate ? ` até ${formatShortDate(user.roleExpiryDate)}` : '';
        return redirectWithToast(back, {
          title: 'Usuário atualizado',
          description: `${user.username}: ${ROLE_LABELS[user.role]}${until}.`,
          type: 'success',
        });
      },
    }),
    reset: intent({
      schema: adminPasswordResetFormSchema,
      hideFields: ['password'],
      refusalToast: refusal('Erro ao redefinir senha'),
      run: async ({ id, password }) => {
        await resetUserPassword(admin, id, password);
        return redirectWithToast(back, {
          title: 'Senha redefinida',
          description: 'A nova senha já vale; o usuário foi desconectado.',
          type: 'success',
        });
      },
    }),
    'two-factor-off': intent({
      schema: adminUserIdSchema,
      refusalToast: refusal('Erro ao desativar a verificação em duas etapas'),
      run: ({ id }) => {
        turnOffTwoFactorAsAdmin(admin, id);
        return redirectWithToast(back, {
          title: 'Verificação em duas etapas',
          description: 'Desativada para este usuário.',
          type: 'success',
        });
      },
    }),
    delete: freshIntent(admin, {
      schema: adminUserIdSchema,
      refusalToast: refusal('Erro ao excluir usuário'),
      run: ({ id }) => {
        deleteUserAsAdmin(admin, id);
        return redirectWithToast(back, {
          title: 'Usuário excluído',
          description: 'A conta e os dados dela foram removidos; os pagamentos foram mantidos.',
          type: 'success',
        });
      },
    }),
    expire: intent({
      schema: z.object({}),
      refusalToast: refusal('Erro na verificação'),
      run: () => {
        let changed: number;
        try {
          changed = runExpiryCheck(admin);
        } catch (error) {
          // A database failure (busy, constraint) becomes the form's refusal and its toast, not an error page.
          if (isAppError(error)) throw error;
          console.error('Verificação de planos expirados falhou', error);
          throw new AppError(503, CHECK_FAILED);
        }
        const description = changed === 1 ? '1 usuário teve o cargo atualizado.' : `${changed} usuários tiveram o cargo atualizado.`;
        return redirectWithToast(back, { title: 'Verificação concluída', description, type: 'success' });
      },
    }),
  });
}

export default function AdminUsersPage() {
  const { users, total, page, pageCount, q, role, dialog, confirm } = useLoaderData<typeof loader>();
  const location = useLocation();
  const freshCheck = useFreshCheckPrompt();

  if (freshCheck) return <FreshCheckStep prompt={freshCheck} />;
  if (confirm) {
    return (
      <ConfirmActionPanel
        title="Excluir usuário"
        message={userDeleteMessage(confirm.username)}
        intent="delete"
        fields={{ id: String(confirm.id) }}
        cancelTo={`${location.pathname}${withParams(location.search, { confirm: null, user: null })}`}
      />
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">Usuários</h2>
        <ExpiryCheckButton />
      </div>
      <UserCreateForm key={location.key} />
      <section aria-labelledby="users-list-title" className="card">
        <h3 id="users-list-title" className="sr-only">
          Lista de usuários
        </h3>
        <UserFilters key={`${q}-${role}`} q={q} role={role} />
        <UserTable users={users} total={total} />
        <Pagination page={page} pageCount={pageCount} />
      </section>
      {dialog?.kind === 'edit' ? <UserEditDialog key={dialog.user.id} user={dialog.user} /> : null}
      {dialog?.kind === 'reset' ? <PasswordResetDialog key={dialog.user.id} user={dialog.user} /> : null}
    </div>
  );
}
