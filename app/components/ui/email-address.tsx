import type { ReactNode } from 'react';

/** After an '@' or a dot: where the address may wrap. */
const BREAK_AFTER = /(?<=[@.])/;

/**
 * An e-mail address that a narrow column wraps after its '@' and its dots (a `<wbr>` there), not
 * in the middle of a word; only a part wider than the column on its own is broken inside
 * (`break-words`). The text stays the address, so copying it copies the address.
 * The parts and `<wbr>`s are one flat list of children (no Fragment per part): a list of 100 users draws 100 of these.
 */
export function EmailAddress({ address, className = '' }: { address: string; className?: string }) {
  const parts = address.split(BREAK_AFTER);
  const children: ReactNode[] = [parts[0]];
  for (let index = 1; index < parts.length; index++) children.push(<wbr key={index} />, parts[index]);
  return <span className={`break-words ${className}`}>{children}</span>;
}
