import { runCalculator, type Calculator } from '../../calculators';
import { calculatorHeader, canonicalQuery, formValues, hasInputs } from '../../calculators/view';
import { requireUsableCalculator } from '../tools/calculator-access.server';
import { type AccessSubject } from '../tools/tool-access';
import { getProjectCalculation } from './project-calculations.server';
import { getEditableProject, type ProjectOwner } from './project.server';

type Owner = ProjectOwner & AccessSubject;

/**
 * A calculator opened inside a project (/projects/{id}/new/{slug} and /projects/{id}/calculations/{cid}):
 * the GET form's inputs computed as on the calculator page, plus what 'Salvar no projeto' posts.
 * Editing starts from the calculation's own inputs.
 */
export function projectCalculatorView(
  user: Owner,
  projectId: number,
  target: { slug: string } | { calculationId: number },
  params: URLSearchParams,
) {
  const project = getEditableProject(user, projectId);
  const existing = 'calculationId' in target ? getProjectCalculation(user, projectId, target.calculationId) : null;
  const calculator: Calculator = requireUsableCalculator(user, existing?.calculatorSlug ?? ('slug' in target ? target.slug : ''));
  const source = hasInputs(calculator, params) ? params : existing ? new URLSearchParams(existing.query) : null;
  const run = source ? runCalculator(calculator, source, { figures: true }) : null;
  return {
    project: { id: project.id, name: project.name },
    header: calculatorHeader(calculator, calculator.accessLevel),
    inputs: calculator.inputs,
    values: formValues(calculator, source),
    title: existing?.title ?? calculator.title,
    outcome:
      run === null
        ? null
        : run.ok
          ? { ok: true as const, result: run.result, query: canonicalQuery(calculator, run) }
          : { ok: false as const, fieldErrors: run.fieldErrors },
  };
}
