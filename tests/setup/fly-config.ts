import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

/** The parts of fly.toml the deploy-file and shutdown tests read. */
export type FlyConfig = {
  app: string;
  primary_region: string;
  kill_signal?: string;
  kill_timeout?: number | string;
  deploy?: { release_command?: string };
  env: Record<string, string>;
  metrics?: { port: number; path: string };
  mounts: { source: string; destination: string } | Array<{ source: string; destination: string }>;
  http_service: {
    internal_port: number;
    auto_stop_machines?: string | boolean;
    min_machines_running?: number;
    concurrency?: { type: string; soft_limit: number; hard_limit: number };
    checks?: Array<{ method?: string; path: string; timeout?: string; interval?: string }>;
  };
};

export function readFlyConfig(path = 'fly.toml'): FlyConfig {
  return parse(readFileSync(path, 'utf8')) as unknown as FlyConfig;
}

/** kill_timeout in ms: Fly takes seconds as a number or a duration such as "10s" (default 5 s). */
export function killTimeoutMs(config: FlyConfig): number {
  const value = config.kill_timeout ?? 5;
  if (typeof value === 'number') return value * 1000;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(value.trim());
  if (!match) throw new Error(`kill_timeout "${value}" is not a duration`);
  const unit = { ms: 1, s: 1000, m: 60_000 }[(match[2] ?? 's') as 'ms' | 's' | 'm'];
  return Number(match[1]) * unit;
}
