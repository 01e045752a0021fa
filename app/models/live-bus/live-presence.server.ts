import { liveChannels, listenerCount } from './live-events.server';

/**
 * Whether a user has a tab open on the live stream in this process: every open stream listens on
 * its user's channel (app/plumbing/live-stream.server.ts), so this is one Map read, no query.
 *
 * Process-local on purpose (docs/mail.md, 'Who is present'): with one process per core (decision
 * 026) a tab held by another worker counts as absent here. The cost of that is at most one mail
 * the user did not need (and the support mails gather replies for 15 minutes); a presence table
 * kept in SQLite would cost a write per stream opened and closed and a heartbeat per tab.
 */
export function hasOpenLiveTab(userId: number): boolean {
  return listenerCount(liveChannels.user(userId)) > 0;
}
