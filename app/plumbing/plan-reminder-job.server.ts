import { sendPlanReminders } from '../models/accounts/plan-reminders.server';
import { syncAllUserRoles } from '../models/accounts/role-grant.server';
import { logger } from '../utils/logger.server';

/**
 * The daily plan job: stores the roles whose period ended (decision 056), then queues the plan
 * reminders (app/models/accounts/plan-reminders.server.ts, docs/mail.md): a first run
 * shortly after the server starts, then every 24 hours, in every process. Running more than once
 * (the cluster's processes, a restart) is harmless: each mail's dedupe key lets it be queued once.
 */
const FIRST_RUN_MS = 30_000;
const EVERY_MS = 24 * 60 * 60 * 1000;

let timer: NodeJS.Timeout | null = null;

function runOnce(): void {
  try {
    // Reads compute the role in force without writing (decision 056); this run stores it for the lapsed ones.
    const roles = syncAllUserRoles();
    if (roles > 0) logger.info({ roles }, 'papéis vencidos atualizados');
  } catch (error) {
    logger.error({ err: error }, 'falha ao atualizar papéis vencidos');
  }
  try {
    const run = sendPlanReminders();
    if (run.ending + run.ended > 0) logger.info(run, 'avisos de plano enfileirados');
  } catch (error) {
    logger.error({ err: error }, 'falha nos avisos de plano');
  }
}

function scheduleNext(wait: number): void {
  timer = setTimeout(() => {
    runOnce();
    if (timer) scheduleNext(EVERY_MS);
  }, wait).unref();
}

/** Starts this process's daily run (once; server.js, after listening). */
export function startPlanReminderJob(firstRunMs = FIRST_RUN_MS): void {
  if (timer) return;
  scheduleNext(firstRunMs);
}

/** Stops the daily run (the graceful shutdown). A run is synchronous, so none is ever in flight here. */
export function stopPlanReminderJob(): void {
  if (timer) clearTimeout(timer);
  timer = null;
}
