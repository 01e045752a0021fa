import { json } from '@remix-run/node';

/** A JSON resource route about the size of /api/user's answer. */
export function loader() {
  return json({
    id: 1,
    username: 'referencia',
    email: 'referencia@example.com',
    cpf: null,
    role: 'E-TOOL',
    roleExpiryDate: null,
    disablePasswordRecovery: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    lastLogin: null,
    isAdmin: false,
    isMaster: false,
    isTool: true,
    isBasic: true,
  });
}
