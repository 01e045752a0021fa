import { eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { users, type UserRow } from '../../../db/schema';
import { personName } from '../../utils/person-name';

/**
 * Who a mail about an account goes to, and what it may say about them (issue 26, item 3; docs/mail.md).
 * Until the address is confirmed (its owner followed a link we sent to it), anyone could have typed
 * it, so a mail to it carries only our own words, codes and links: never a text the account wrote
 * (its username, full name, ticket subjects and messages). `name` is null then, and every template
 * takes a null name or quote as 'leave it out'.
 */
export type Addressee = {
  id: number;
  email: string;
  /** Whether the owner of `email` confirmed it: only then may the mail carry the account's own texts. */
  confirmed: boolean;
  /** How the mail greets them (the full name, else the username), or null for an unconfirmed address. */
  name: string | null;
};

type AddresseeFields = Pick<UserRow, 'id' | 'email' | 'username' | 'fullName' | 'emailConfirmedAt'>;

export function addresseeOf(user: AddresseeFields): Addressee {
  const confirmed = user.emailConfirmedAt !== null;
  return { id: user.id, email: user.email, confirmed, name: confirmed ? personName(user) : null };
}

const addresseeColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  fullName: users.fullName,
  emailConfirmedAt: users.emailConfirmedAt,
};

export function readAddressee(executor: Executor, userId: number): Addressee | undefined {
  const row = executor.select(addresseeColumns).from(users).where(eq(users.id, userId)).get();
  return row ? addresseeOf(row) : undefined;
}

export function readAddressees(executor: Executor, where: SQL | undefined): Addressee[] {
  return executor.select(addresseeColumns).from(users).where(where).all().map(addresseeOf);
}

/** A text the account wrote (a ticket's subject, its first message), or null when the address is unconfirmed. */
export function ownText<T>(addressee: Addressee, text: T): T | null {
  return addressee.confirmed ? text : null;
}
