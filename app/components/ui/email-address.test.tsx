import { Fragment } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

/** The component as it was written first (a Fragment per part): the flat list must give the same HTML. */
function FragmentEmailAddress({ address, className = '' }: { address: string; className?: string }) {
  return (
    <span className={`break-words ${className}`}>
      {address.split(/(?<=[@.])/).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

describe('EmailAddress', () => {
  it.each(['ana.silva@example.com', 'x@y', 'sem-arroba', '.a.@b..c.', '', 'josé+tag@empresa.com.br'])(
    '%j wraps after @ and dots',
    (address) => {
      const html = renderToString(<EmailAddress address={address} className="text-sm" />);
      expect(html).toBe(renderToString(<FragmentEmailAddress address={address} className="text-sm" />));
      expect(html.replace(/<[^>]+>/g, '')).toBe(address.replace(/&/g, '&amp;'));
    },
  );

  it('puts a <wbr> after the @ and after each dot', () => {
    expect(renderToString(<EmailAddress address="ana.silva@example.com" />)).toBe(
      '<span class="break-words ">ana.<wbr/>silva@<wbr/>example.<wbr/>com</span>',
    );
  });
});
