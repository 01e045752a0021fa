import type { Tx } from '../db/client';
import { getUserById } from '../app/models/accounts/user.server';
import { recordSignIn } from '../app/models/accounts/sign-ins.server';

const DAY = 24 * 60 * 60 * 1000;

/** The browsers of the demo's sign-ins: a desktop, a phone, and a stranger's. */
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';
const STRANGER = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/**
 * 'Minha Conta' → 'Últimos acessos' of the demo's basic user (decision 068): sign-ins over the last
 * days from a desktop and a phone, and one from a browser the account had not used, whose alert
 * 'Novo acesso à sua conta' is queued as a real sign-in queues it (data/mail/ with `npm run dev`).
 * Browser ids are made up: no browser of the reader's is 'este navegador' until it signs in.
 */
export function seedDemoSignIns(tx: Tx, userId: number, now = new Date()): void {
  const user = getUserById(userId, tx);
  if (!user) return;
  const visits = [
    { daysAgo: 9, device: 'demo-desktop', userAgent: DESKTOP, address: '177.32.10.4', alert: false },
    { daysAgo: 6, device: 'demo-phone', userAgent: PHONE, address: '189.40.88.17', alert: false },
    { daysAgo: 4, device: 'demo-desktop', userAgent: DESKTOP, address: '177.32.10.4', alert: false },
    { daysAgo: 2, device: 'demo-stranger', userAgent: STRANGER, address: '45.160.12.9', alert: true },
    { daysAgo: 1, device: 'demo-desktop', userAgent: DESKTOP, address: '177.32.10.4', alert: false },
  ];
  for (const visit of visits) {
    recordSignIn(tx, {
      user,
      deviceId: visit.device.padEnd(43, '0'),
      userAgent: visit.userAgent,
      ipAddress: visit.address,
      alert: visit.alert,
      now: new Date(now.getTime() - visit.daysAgo * DAY),
    });
  }
}
