import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { requireUser } from '~/models/accounts/permissions.server';

/** Every page under here needs a signed-in user; visitors go to /auth and come back after login. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function AppLayout() {
  return <Outlet />;
}
