import { startMailWorker, stopMailWorker } from './mail-worker.server';
import { startPlanReminderJob, stopPlanReminderJob } from './plan-reminder-job.server';

/**
 * The work each server process does besides answering requests: the outbox's worker and the
 * daily plan reminders (docs/mail.md). server.js starts it once it listens; the graceful shutdown
 * stops it (http-server/shutdown.js's `stopBackground`) and waits for the deliveries in flight.
 */
export function startBackgroundWork(): void {
  startMailWorker();
  startPlanReminderJob();
}

export async function stopBackgroundWork(): Promise<void> {
  stopPlanReminderJob();
  await stopMailWorker();
}
