import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MODEL_DOMAIN_LEVELS } from '../../eslint.config.js';

/** Inside app/models imports point one way (docs/routing-and-layers.md#inside-the-models). */
const root = path.resolve(__dirname, '../..');
const models = path.join(root, 'app/models');

function modelFiles(dir = models): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return modelFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The modules of app/models a module imports (type imports included), by the compiler's own reading of the file. */
function modelImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.flatMap(({ fileName }) => {
    const base = fileName.startsWith('~/')
      ? path.join(root, 'app', fileName.slice(2))
      : fileName.startsWith('.')
        ? path.resolve(path.dirname(file), fileName)
        : null;
    if (!base?.startsWith(models + path.sep)) return [];
    const found = [base, `${base}.ts`, `${base}.tsx`].find((candidate) => modelFiles(path.dirname(candidate)).includes(candidate));
    return found ? [found] : [];
  });
}

const domainOf = (file: string) => path.relative(models, file).split(path.sep)[0]!;
const levelOf = (domain: string) => MODEL_DOMAIN_LEVELS.findIndex((line) => line.includes(domain));

describe('the order inside app/models', () => {
  const files = modelFiles();
  const graph = new Map(files.map((file) => [file, modelImports(file)]));

  it('lists every domain folder once in the ESLint order', () => {
    const folders = readdirSync(models, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((entry) => entry.name).sort()).toEqual(MODEL_DOMAIN_LEVELS.flat().sort());
    expect(files.every((file) => path.dirname(file) !== models)).toBe(true);
  });

  it('has every import point to a lower domain (or its own)', () => {
    const wrongWay = [...graph].flatMap(([from, targets]) =>
      targets
        .filter((to) => domainOf(to) !== domainOf(from) && levelOf(domainOf(to)) >= levelOf(domainOf(from)))
        .map((to) => `${path.relative(models, from)} → ${path.relative(models, to)}`),
    );
    expect(wrongWay).toEqual([]);
  });

  it('has no two modules that import each other, directly or round a circle', () => {
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...trail.slice(trail.indexOf(file)), file].map((f) => path.relative(models, f)).join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(circles).toEqual([]);
  });

  it('fails npm run lint on a wrong-way import, relative or with the alias, types included', async () => {
    const eslint = new ESLint({ cwd: root });
    const probe = async (filePath: string, code: string) =>
      (await eslint.lintText(code, { filePath: path.join(root, filePath) }))[0]!.messages.map((message) => message.ruleId);
    expect(
      await probe(
        'app/models/audit/probe.ts',
        "import { getUserById } from '../accounts/user.server';\nexport const read = getUserById;\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await probe(
        'app/models/chat/probe.ts',
        "import type { PaymentView } from '~/models/payments/views';\nexport type Row = PaymentView;\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await probe(
        'app/models/privacy/probe.ts',
        "import { getUserById } from '../accounts/user.server';\nexport const read = getUserById;\n",
      ),
    ).toEqual([]);
  });
});
