import { LightLink } from '~/components/ui/light-link';
import { Form, useLocation, useNavigation, useSubmit } from '@remix-run/react';
import { ConfirmActionLink } from '~/components/ui/confirm-action';
import { withParams } from '~/utils/url-state';

export const DELETE_TICKET_MESSAGE = 'Tem certeza que deseja excluir este ticket? Esta ação não pode ser desfeita.';

/**
 * The ticket's buttons: back to the right list, Dashboard, 'Atualizar' (a link to this same
 * page, so a reload without JavaScript; hydrated it posts the 'refresh' intent, which reloads the
 * data and answers the 'Atualizado' toast), 'Finalizar Ticket' while open, and 'Excluir' for
 * admins (confirmed by the browser, or on a page of its own without JavaScript).
 */
export function TicketActions({ backTo, isOpen, isAdmin }: { backTo: string; isOpen: boolean; isAdmin: boolean }) {
  const location = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const pending = (intent: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <LightLink to={backTo} className="btn-ghost">
        ← Voltar
      </LightLink>
      <LightLink to="/dashboard" className="btn-ghost">
        Dashboard
      </LightLink>
      <LightLink
        to={here}
        className="btn-secondary"
        preventScrollReset
        onClick={(event) => {
          event.preventDefault();
          submit({ intent: 'refresh' }, { method: 'post', preventScrollReset: true });
        }}
      >
        {pending('refresh') ? 'Atualizando...' : 'Atualizar'}
      </LightLink>
      {isOpen ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="close" />
          <button type="submit" className="btn-secondary" disabled={pending('close')}>
            {pending('close') ? 'Finalizando...' : 'Finalizar Ticket'}
          </button>
        </Form>
      ) : null}
      {isAdmin ? (
        <ConfirmActionLink
          to={withParams(location.search, { confirm: 'delete' })}
          message={DELETE_TICKET_MESSAGE}
          intent="delete"
          fields={{}}
          className="btn-danger"
        >
          {pending('delete') ? 'Excluindo...' : 'Excluir'}
        </ConfirmActionLink>
      ) : null}
    </div>
  );
}
