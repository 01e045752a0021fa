import { useLocation } from '@remix-run/react';
import { paramLinks, dialogLinks } from '~/utils/url-state';
import { EmailAddress } from '~/components/ui/email-address';
import { CELL_CLASS, ListCount, ListTable } from '~/components/ui/list-table';
import { confirmLinkData, useConfirmLinks } from '~/components/ui/confirm-links';
import { LightLink } from '~/components/ui/light-link';
import { RoleBadge } from '~/components/role-badge';
import { StaticMarkupList } from '~/components/static-markup-list';
import type { AdminUserRow } from '~/components/admin/users';

export const userDeleteMessage = (username: string) =>
  `Tem certeza que deseja excluir o usuário ${username}? Esta ação não pode ser desfeita.`;

const USER_HEADERS = ['Usuário', 'E-mail', 'CPF', 'Cargo', 'Pro até', 'Ações'];
const NAME_CELL = `${CELL_CLASS} font-medium`;
const NOWRAP_CELL = `${CELL_CLASS} whitespace-nowrap`;
const DELETE_CLASS = 'btn-ghost text-red-700 hover:bg-red-50';

type RowLinks = { dialog: (kind: string, id: number) => string; confirm: (kind: string, id: number) => string };

/**
 * The users list. Each row depends only on the user's row and the page's URL, so on the server its
 * HTML is rendered once per (URL, row) and kept (decision 079, `StaticMarkupList`); the row's links
 * are whole paths (no `LightLinkPath` outside the tree) and its 'Excluir' is a confirmed link
 * answered by the page's one listener (`useConfirmLinks`), not a `useSubmit` per row.
 */
export function UserTable({ users, total }: { users: readonly AdminUserRow[]; total: number }) {
  const { pathname, search } = useLocation();
  useConfirmLinks();
  const dialog = dialogLinks(search, 'user');
  const confirm = paramLinks(search, 'confirm', 'user');
  const links: RowLinks = {
    dialog: (kind, id) => `${pathname}${dialog(kind, id)}`,
    confirm: (kind, id) => `${pathname}${confirm(kind, id)}`,
  };
  const page = `admin-user:${pathname}${search}:`;
  return (
    <>
      <ListCount total={total} one="usuário" many="usuários" />
      <ListTable
        label="Usuários"
        headers={USER_HEADERS}
        empty="Nenhum usuário encontrado"
        count={users.length}
        body={(className) => (
          <StaticMarkupList
            as="tbody"
            className={className}
            items={users}
            itemKey={(user) => rowKey(page, user)}
            renderItem={(user) => <UserRow key={user.id} user={user} links={links} />}
          />
        )}
      />
    </>
  );
}

/**
 * A row's markup key: the page's URL and the row's data as JSON. Made per view: the rows the render
 * gets are parsed anew from the loader's JSON on every request, so no memo per row object would hit.
 */
const rowKey = (page: string, user: AdminUserRow) => `${page}${JSON.stringify(user)}`;

// One text node where JSX would write adjacent ones (` ${name}`): the kept HTML has no `<!-- -->` separators to hydrate against.
function UserRow({ user, links }: { user: AdminUserRow; links: RowLinks }) {
  return (
    <tr data-testid="user-row">
      <td className={NAME_CELL}>{user.username}</td>
      <td className={CELL_CLASS}>
        <EmailAddress address={user.email} />
      </td>
      <td className={NOWRAP_CELL}>{user.cpfLabel}</td>
      <td className={CELL_CLASS}>
        <RoleBadge role={user.role} />
      </td>
      <td className={NOWRAP_CELL}>{user.expiryLabel}</td>
      <td className={CELL_CLASS}>
        <div className="flex flex-wrap gap-1">
          <LightLink to={links.dialog('edit', user.id)} className="btn-ghost" preventScrollReset>
            Editar<span className="sr-only">{` ${user.username}`}</span>
          </LightLink>
          <LightLink to={links.dialog('reset', user.id)} className="btn-ghost" preventScrollReset>
            Redefinir senha<span className="sr-only">{` de ${user.username}`}</span>
          </LightLink>
          {user.isSelf ? null : (
            <LightLink
              to={links.confirm('delete-user', user.id)}
              className={DELETE_CLASS}
              preventScrollReset
              {...confirmLinkData(userDeleteMessage(user.username), 'delete', { id: String(user.id) })}
            >
              Excluir<span className="sr-only">{` ${user.username}`}</span>
            </LightLink>
          )}
        </div>
      </td>
    </tr>
  );
}
