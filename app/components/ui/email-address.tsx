import { Fragment } from 'react';

/**
 * An e-mail address that a narrow column wraps after its '@' and its dots (a `<wbr>` there), not
 * in the middle of a word; only a part wider than the column on its own is broken inside
 * (`break-words`). The text stays the address, so copying it copies the address.
 */
export function EmailAddress({ address, className = '' }: { address: string; className?: string }) {
  const parts = address.split(/(?<=[@.])/);
  return (
    <span className={`break-words ${className}`}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
