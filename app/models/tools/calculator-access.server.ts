import { asc, eq, like, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import { tools, type ToolLevel } from '../../../db/schema';
import { calculators, getCalculator, type Calculator } from '../../calculators';
import { AppError } from '../../utils/errors';
import { calculatorPath } from '../../calculators/view';
import { toolAccess, type AccessSubject, type ToolAccess } from './tool-access';

export const CALCULATOR_ERRORS = {
  notFound: 'Calculadora não encontrada',
  locked: (level: ToolLevel) => `Esta calculadora requer o plano ${level}.`,
} as const;

/** The internal link of a calculator's tool row (what the dashboard card opens). */
export const calculatorLink = (slug: string) => calculatorPath(slug);

type Gate = { accessLevel: ToolLevel; restrictedCpfs: string | null };

export type CalculatorGate = {
  calculator: Calculator;
  access: ToolAccess;
  /** The level that decides: the tool row's when there is one, else the calculator's own. */
  level: ToolLevel;
};

const gateColumns = { link: tools.link, accessLevel: tools.accessLevel, restrictedCpfs: tools.restrictedCpfs };
/** Every calculator's tool rows: read by each page that lists calculators, so prepared once per connection. */
const allCalculatorGates = preparedQuery(() =>
  db.select(gateColumns).from(tools).where(like(tools.link, '/calculators/%')).orderBy(asc(tools.id)).prepare(),
);
/** One calculator's tool rows: read by every calculator page and result, so prepared once per connection too. */
const calculatorGates = preparedQuery(() =>
  db
    .select(gateColumns)
    .from(tools)
    .where(eq(tools.link, sql.placeholder('link')))
    .orderBy(asc(tools.id))
    .prepare(),
);

/** The tool rows that point at a calculator, oldest first: the first one per link decides. */
function gatesByLink(executor: Executor, link?: string): Map<string, Gate> {
  const rows =
    executor === db
      ? link === undefined
        ? allCalculatorGates().all()
        : calculatorGates().all({ link })
      : executor
          .select(gateColumns)
          .from(tools)
          .where(link === undefined ? like(tools.link, '/calculators/%') : eq(tools.link, link))
          .orderBy(asc(tools.id))
          .all();
  const gates = new Map<string, Gate>();
  for (const row of rows) if (!gates.has(row.link)) gates.set(row.link, row);
  return gates;
}

function gateOf(calculator: Calculator, user: AccessSubject, gates: Map<string, Gate>): CalculatorGate {
  // Admins change a calculator's level (or restrict it to CPFs) by editing its tool row.
  const gate = gates.get(calculatorLink(calculator.slug)) ?? { accessLevel: calculator.accessLevel, restrictedCpfs: null };
  return { calculator, access: toolAccess(user, gate), level: gate.accessLevel };
}

/** What the user may do with one calculator. Unknown slugs and CPF-hidden calculators are a 404. */
export function findCalculatorFor(user: AccessSubject, slug: string | undefined, executor: Executor = db): CalculatorGate {
  const calculator = slug ? getCalculator(slug) : undefined;
  if (!calculator) throw new AppError(404, CALCULATOR_ERRORS.notFound);
  const gate = gateOf(calculator, user, gatesByLink(executor, calculatorLink(calculator.slug)));
  if (gate.access === 'hidden') throw new AppError(404, CALCULATOR_ERRORS.notFound);
  return gate;
}

/** A calculator the user may use: 404 when unknown or hidden, 403 when locked. */
export function requireUsableCalculator(user: AccessSubject, slug: string | undefined, executor: Executor = db): Calculator {
  const gate = findCalculatorFor(user, slug, executor);
  if (gate.access === 'locked') throw new AppError(403, CALCULATOR_ERRORS.locked(gate.level));
  return gate.calculator;
}

/** Every calculator the user may see (open or locked), in catalogue order, with one query. */
export function listCalculatorsFor(user: AccessSubject, executor: Executor = db): CalculatorGate[] {
  const gates = gatesByLink(executor);
  return calculators.map((calculator) => gateOf(calculator, user, gates)).filter((gate) => gate.access !== 'hidden');
}
