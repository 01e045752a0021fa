import { addFromHistorySchema, addToProjectSchema } from '../../schemas/projects';
import { intent, type FormIntent } from '../../utils/form.server';
import { redirectWithToast } from '../../utils/toast.server';
import { type UserRow } from '../../../db/schema';
import { addCalculationToProject, addHistoryItemToProject } from './project-calculations.server';

/** 'Adicionar ao projeto' as the calculator page and the history post it: one intent each, refusals as a toast. */
const refusal = (message: string) => ({ title: 'Não foi possível adicionar ao projeto', description: message, type: 'error' as const });

const added = (projectId: number) =>
  redirectWithToast(`/projects/${projectId}`, {
    title: 'Cálculo adicionado ao projeto',
    description: 'Ele entra na próxima revisão do projeto.',
    type: 'success',
  });

export const addResultToProjectIntent = (user: UserRow, slug: string): FormIntent =>
  intent({
    schema: addToProjectSchema,
    refusalToast: refusal,
    run: ({ projectId, title, query }) => {
      addCalculationToProject(user, projectId, { slug, title, query });
      return added(projectId);
    },
  });

export const addHistoryToProjectIntent = (user: UserRow): FormIntent =>
  intent({
    schema: addFromHistorySchema,
    refusalToast: refusal,
    run: ({ projectId, historyId }) => {
      addHistoryItemToProject(user, projectId, historyId);
      return added(projectId);
    },
  });
