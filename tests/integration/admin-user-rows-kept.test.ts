import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { updateUserAsAdmin } from '~/models/admin/users.server';
import { loader } from '~/routes/_app+/admin.users';
import { createUser, sessionCookie } from '../setup/helpers';
import { apiCall, safeJson } from './helpers/admin-api';

type Rows = { users: { id: number; username: string; cpfLabel: string; role: string; isSelf: boolean }[] };

/** The page's rows are made once per kept row object and viewing admin (listedRow, app/routes/_app+/admin.users.tsx). */
describe("'Usuários': the rows of a search kept between views", () => {
  it('hands a repeated view the same rows, and a write or another admin their own', async () => {
    const word = `rows${randomUUID().slice(0, 6)}`;
    const [admin, other] = [await createUser({ role: 'admin', username: `${word}_admin` }), await createUser({ role: 'admin' })];
    const user = await createUser({ username: `${word}_b` });
    const [cookie, otherCookie] = [await sessionCookie(admin), await sessionCookie(other)];
    const view = async (as = cookie) =>
      (await safeJson<Rows>(await apiCall(loader, 'GET', `/admin/users?q=${word}`, { cookie: as }))).users;

    expect((await view()).map((row) => [row.username, row.isSelf])).toEqual([
      [`${word}_b`, false],
      [`${word}_admin`, true],
    ]);
    expect(await view()).toEqual(await view());
    // Another admin's view of the same kept page: the first admin's row is not theirs.
    expect((await view(otherCookie)).map((row) => row.isSelf)).toEqual([false, false]);
    expect((await view()).map((row) => row.isSelf)).toEqual([false, true]);

    updateUserAsAdmin(admin, user.id, { username: `${word}_renamed`, cpf: '52998224725', role: 'E-TOOL', proDays: 30 });
    const [renamed] = await view();
    expect(renamed).toMatchObject({ id: user.id, username: `${word}_renamed`, cpfLabel: '529.982.247-25', role: 'E-TOOL' });
  });
});
