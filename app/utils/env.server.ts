import {
  type AppEnv,
  ConfigurationError,
  environmentProblems,
  environmentSchema,
  envSchema,
  parseOrigin,
  problemsOf,
} from './env-schema.server';

export { parseOrigin };
export type { AppEnv };

type Vars = Record<string, string | undefined>;

/**
 * Under Vitest (which sets VITEST) tests change process.env between and inside tests, so there the
 * text of the schema's variables decides whether to parse again; a server parses once.
 */
const followsChanges = Boolean(process.env.VITEST);
const KEYS = Object.keys(envSchema.shape);
const textOf = (vars: Vars) => KEYS.map((key) => vars[key] ?? '\u0001').join('\u0000');

let cached: { text: string | null; env: AppEnv } | null = null;

/** The configuration, parsed from process.env by the schema (env-schema.server.ts) once per process. */
export function getEnv(): AppEnv {
  if (cached && !followsChanges) return cached.env;
  const text = followsChanges ? textOf(process.env) : null;
  if (cached && cached.text === text) return cached.env;
  const env = parseEnv(process.env);
  cached = { text, env };
  return env;
}

/**
 * One parse of `vars`. In production a bad environment throws the start's ConfigurationError
 * (the start checks first, so a server that runs never gets here). In development and tests a
 * value its field refuses reads as unset: a development start was refused it already, and tests
 * that set one keep running as before.
 */
export function parseEnv(vars: Vars): AppEnv {
  const parsed = environmentSchema.safeParse(vars);
  if (parsed.success) return parsed.data;
  if (vars.NODE_ENV === 'production') throw new ConfigurationError(problemsOf(parsed.error));
  const refused = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  const kept = Object.keys(envSchema.shape).filter((key) => !refused.has(key));
  return environmentSchema.parse(Object.fromEntries(kept.map((key) => [key, vars[key]])));
}

/** What a production start should be told about its configuration (empty when all is set). */
export function configurationWarnings(vars: Vars = process.env): string[] {
  const warnings: string[] = [];
  if (!vars.FLY_APP_NAME && !vars.CLIENT_IP_HEADER?.trim()) {
    warnings.push(
      'Nem FLY_APP_NAME nem CLIENT_IP_HEADER definidos: os limites de tentativas usam o endereço da conexão. ' +
        'Atrás de um proxy, todos os clientes teriam o mesmo endereço; defina CLIENT_IP_HEADER (ex.: X-Real-IP).',
    );
  }
  // PUBLIC_ORIGIN is no warning: production refuses to start without a valid one (env-schema.server.ts).
  return warnings;
}

/**
 * The start's check of the whole environment, called by server.js before it migrates or listens
 * (never on import): throws a ConfigurationError listing every problem at once.
 */
export function checkEnvironmentAtStart(vars: Vars = process.env): void {
  const problems = environmentProblems(vars);
  if (problems.length > 0) throw new ConfigurationError(problems);
}
