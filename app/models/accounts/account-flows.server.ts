import { consume } from './rate-limit-store.server';
import { sendRecoveryLink, verifyIdentity } from './password-recovery.server';

/**
 * The guessing-prone public flows with their rate limits, shared by the /auth page and the
 * JSON API so both are limited the same way. `address` is the client address of the request.
 */
export async function verifyIdentityWithLimits(address: string, identifier: string, cpf: string): Promise<{ token: string }> {
  await consume([
    ['recoverAccount', identifier.trim().toLowerCase()],
    ['recoverAddress', address],
  ]);
  return verifyIdentity(identifier, cpf);
}

/** 'Recuperar senha por e-mail', under the same limits as the CPF flow (an address cannot be mail-bombed). */
export async function sendRecoveryLinkWithLimits(address: string, email: string): Promise<void> {
  await consume([
    ['recoverAccount', email.trim().toLowerCase()],
    ['recoverAddress', address],
  ]);
  sendRecoveryLink(email);
}
