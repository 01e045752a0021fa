import {
  bankQuestion,
  createQuestion,
  deleteQuestion,
  finalAssessmentAdminView,
  questionBankPage,
  removeAssessment,
  saveAssessmentSettings,
  updateQuestion,
} from '~/models/assessments/question-bank.server';
import type { AuditActor } from '~/models/audit/audit.server';
import {
  assessmentRemoveSchema,
  assessmentSettingsSchema,
  questionDeleteSchema,
  questionInputSchema,
  questionUpdateSchema,
} from '~/schemas/question-bank';
import { intent, type FormIntent } from '~/utils/form.server';
import { redirectWithToast, type Toast } from '~/utils/toast.server';
import { withParams } from '~/utils/url-state';

/**
 * The question bank on the course page's 'Administração' tab (issue 31): the loader's part (a page of the
 * bank, the final assessment's settings, the question being edited or deleted) and the admin's intents,
 * which the page's action (`courses.$id.server.ts`) wraps in its admin-only guard.
 *   ?tab=admin&page=N                      the bank's page
 *   ?dialog=question[&question=ID]         'Nova questão' / 'Editar questão'
 *   ?confirm=delete-question&question=ID   the deletion's confirmation without JavaScript
 */

const idFrom = (params: URLSearchParams, name: string) => {
  const value = params.get(name);
  return value && /^\d{1,12}$/.test(value) ? Number(value) : null;
};

export function questionBankData(search: URLSearchParams, courseId: number) {
  const pageParam = idFrom(search, 'page');
  const questionId = idFrom(search, 'question');
  const dialogOpen = search.get('dialog') === 'question';
  const editing = dialogOpen && questionId !== null ? bankQuestion(courseId, questionId) : null;
  const deleting = search.get('confirm') === 'delete-question' && questionId !== null ? bankQuestion(courseId, questionId) : null;
  return {
    bank: questionBankPage(courseId, { page: pageParam ?? 1 }),
    final: finalAssessmentAdminView(courseId),
    // A question deleted meanwhile: the dialog does not open.
    dialog: dialogOpen && (questionId === null || editing) ? { question: editing } : null,
    deleting: deleting ? { id: deleting.id, prompt: deleting.prompt } : null,
  };
}

export type QuestionBankData = ReturnType<typeof questionBankData>;

const refusal =
  (title: string) =>
  (message: string): Toast => ({ title, description: message, type: 'error' });

/** Back to the bank (same page of it), without the dialog or the confirmation. */
function backToBank(request: Request) {
  const url = new URL(request.url);
  const search = withParams(url.searchParams, { tab: 'admin', dialog: null, confirm: null, question: null, lesson: null, material: null });
  return `${url.pathname}${search}#question-bank-title`;
}

export function questionBankIntents(actor: AuditActor, courseId: number, request: Request): Record<string, FormIntent> {
  const back = () => backToBank(request);
  return {
    'create-question': intent({
      schema: questionInputSchema,
      refusalToast: refusal('Erro ao criar questão'),
      run: (input) => {
        createQuestion(actor, courseId, input);
        return redirectWithToast(back(), { title: 'Questão criada', description: input.prompt.slice(0, 120), type: 'success' });
      },
    }),
    'update-question': intent({
      schema: questionUpdateSchema,
      refusalToast: refusal('Erro ao atualizar questão'),
      run: ({ questionId, ...input }) => {
        updateQuestion(actor, courseId, questionId, input);
        return redirectWithToast(back(), { title: 'Questão atualizada', description: input.prompt.slice(0, 120), type: 'success' });
      },
    }),
    'delete-question': intent({
      schema: questionDeleteSchema,
      refusalToast: refusal('Erro ao excluir questão'),
      run: ({ questionId }) => {
        deleteQuestion(actor, courseId, questionId);
        return redirectWithToast(back(), {
          title: 'Questão excluída',
          description: 'As tentativas já feitas continuam como foram corrigidas.',
          type: 'success',
        });
      },
    }),
    'assessment-settings': intent({
      schema: assessmentSettingsSchema,
      refusalToast: refusal('Erro ao salvar a avaliação final'),
      run: (input) => {
        saveAssessmentSettings(actor, courseId, input);
        return redirectWithToast(back(), { title: 'Avaliação final salva', type: 'success' });
      },
    }),
    'remove-assessment': intent({
      schema: assessmentRemoveSchema,
      refusalToast: refusal('Erro ao remover a avaliação final'),
      run: () => {
        removeAssessment(actor, courseId);
        return redirectWithToast(back(), {
          title: 'Avaliação final removida',
          description: 'O certificado deste curso passa a exigir só as aulas. As questões foram mantidas.',
          type: 'success',
        });
      },
    }),
  };
}
