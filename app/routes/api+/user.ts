import { requireApiUser } from '~/models/accounts/permissions.server';
import { toOwnUser } from '~/models/accounts/user.server';
import { apiLoader, jsonWithEtag } from '~/utils/api.server';

/** GET /api/user: the specification's client polls it every 5 s, so an unchanged user is a 304. */
export const loader = apiLoader(async ({ request }) => jsonWithEtag(request, toOwnUser(await requireApiUser(request))));
