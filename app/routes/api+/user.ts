import { toPublicUser } from '~/models/user.server';
import { apiLoader } from '~/utils/api.server';
import { requireApiUser } from '~/models/permissions.server';

export const loader = apiLoader(async ({ request }) => toPublicUser(await requireApiUser(request)));
