import { calculators, runCalculator, type Calculator } from '../app/calculators';
import { canonicalQuery } from '../app/calculators/view';
import { findUserByEmail } from '../app/models/accounts/user.server';
import { addCalculationToProject } from '../app/models/projects/project-calculations.server';
import { createProject } from '../app/models/projects/project.server';
import { issueRevision } from '../app/models/projects/revisions.server';
import { listCalculatorsFor } from '../app/models/tools/calculator-access.server';
import { BENCH_PROJECT } from '../db/seed-constants';

/**
 * A calculator's example inputs with its number inputs scaled by `factor` (kept within their
 * range), as a canonical query; null when they do not compute.
 */
function variantQuery(calculator: Calculator, factor: number): string | null {
  const params = new URLSearchParams();
  for (const field of calculator.inputs) {
    if (field.kind !== 'number') {
      params.set(field.name, field.default);
      continue;
    }
    const moved = field.default * factor;
    const value = Math.min(field.max, Math.max(field.min, field.integer ? Math.round(moved) : Number(moved.toPrecision(4))));
    params.set(field.name, String(value).replace('.', ','));
  }
  const run = runCalculator(calculator, params);
  return run.ok ? canonicalQuery(calculator, run) : null;
}

/**
 * The bench's large project (db/seed-constants.ts's BENCH_PROJECT): `count` calculations cycling
 * through every calculator open to the E-TOOL demo user, each a little varied, then Rev. 00.
 * Written through the project models, like a person would. Returns the project's id.
 */
export function seedBenchProject(count: number = BENCH_PROJECT.calculations, name: string = BENCH_PROJECT.name): number | null {
  const owner = findUserByEmail(BENCH_PROJECT.owner);
  if (!owner) return null;
  const open = new Set(
    listCalculatorsFor(owner)
      .filter((gate) => gate.access === 'open')
      .map((gate) => gate.calculator.slug),
  );
  const usable = calculators.filter((calculator) => open.has(calculator.slug));
  const project = createProject(owner, {
    name,
    client: 'Indústria Têxtil Norte S.A.',
    place: 'Blumenau, SC',
    art: '28027230209876543',
    engineerName: 'Carla Ferreira',
    crea: 'SC-123456/D',
    description: 'Acionamentos, estruturas leves e instalações elétricas da nova linha de tecelagem.',
  });
  for (let added = 0, attempt = 0; added < count && attempt < count * 4; attempt++) {
    const calculator = usable[attempt % usable.length];
    const query = variantQuery(calculator, 1 + ((Math.floor(attempt / usable.length) % 5) - 2) / 20);
    if (!query) continue;
    added++;
    addCalculationToProject(owner, project.id, { slug: calculator.slug, title: `${calculator.title} ${added}`.slice(0, 120), query });
  }
  issueRevision(owner, project.id);
  return project.id;
}
