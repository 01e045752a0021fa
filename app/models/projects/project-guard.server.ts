import { PROJECT_MESSAGES } from '../../schemas/projects';
import { requireRole } from '../accounts/permissions.server';

/** The projects pages' guard: E-TOOL and above; below it (a downgraded plan too) /dashboard with 'Acesso Restrito'. */
export const requireProjectUser = (request: Request) =>
  requireRole(request, 'E-TOOL', { title: 'Acesso Restrito', description: PROJECT_MESSAGES.restricted });
