import { json } from '@remix-run/node';
import {
  calculationIdSchema,
  emptySchema,
  moveCalculationSchema,
  projectSchema,
  renameCalculationSchema,
  revokeShareSchema,
  shareRevisionSchema,
} from '../../schemas/projects';
import { intent, type FormIntent } from '../../utils/form.server';
import { siteUrl } from '../../utils/security.server';
import { redirectWithToast } from '../../utils/toast.server';
import { duplicateCalculation, moveCalculation, removeCalculation, renameCalculation } from './project-calculations.server';
import { updateProject, type ProjectOwner } from './project.server';
import { issueRevision } from './revisions.server';
import { createShareLink, revokeShareLink } from './share-links.server';
import type { AccessSubject } from '../tools/tool-access';

/**
 * The forms of the project page (/projects/{id}), each a thin call into the project models; a
 * refusal comes back as the form's reply with an error toast.
 */
export function projectPageActions(user: ProjectOwner & AccessSubject, projectId: number): Record<string, FormIntent> {
  const back = (title: string, description?: string) =>
    redirectWithToast(`/projects/${projectId}`, { title, description, type: 'success' });
  const refusal = (message: string) => ({ title: 'Não foi possível concluir', description: message, type: 'error' as const });
  return {
    update: intent({
      schema: projectSchema,
      refusalToast: refusal,
      run: (value) => {
        updateProject(user, projectId, value);
        return back('Projeto salvo');
      },
    }),
    rename: intent({
      schema: renameCalculationSchema,
      refusalToast: refusal,
      run: ({ calculationId, title }) => {
        renameCalculation(user, projectId, calculationId, title);
        return back('Título alterado');
      },
    }),
    move: intent({
      schema: moveCalculationSchema,
      refusalToast: refusal,
      run: ({ calculationId, direction }) => {
        moveCalculation(user, projectId, calculationId, direction);
        return back('Ordem alterada');
      },
    }),
    duplicate: intent({
      schema: calculationIdSchema,
      refusalToast: refusal,
      run: ({ calculationId }) => {
        duplicateCalculation(user, projectId, calculationId);
        return back('Cálculo duplicado', 'A cópia está no fim da lista: altere os dados dela.');
      },
    }),
    remove: intent({
      schema: calculationIdSchema,
      refusalToast: refusal,
      run: ({ calculationId }) => {
        removeCalculation(user, projectId, calculationId);
        return back('Cálculo removido do projeto');
      },
    }),
    issue: intent({
      schema: emptySchema,
      refusalToast: refusal,
      run: () => {
        const revision = issueRevision(user, projectId);
        return back(`${revision.label} emitida`, 'A revisão está congelada: as próximas alterações formam a seguinte.');
      },
    }),
    share: intent({
      schema: shareRevisionSchema,
      refusalToast: refusal,
      run: ({ revision, days }) => {
        const { path } = createShareLink(user, projectId, revision, days ?? null);
        return json({ intent: 'share', result: null, sharedPath: siteUrl(path) });
      },
    }),
    revoke: intent({
      schema: revokeShareSchema,
      refusalToast: refusal,
      run: ({ linkId }) => {
        revokeShareLink(user, projectId, linkId);
        return back('Link revogado', 'Quem abrir o link agora vê que ele foi revogado.');
      },
    }),
  };
}
