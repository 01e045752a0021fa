import { createContext, useContext, type ReactNode } from 'react';
import type { StaticMarkupRenderer } from '~/utils/static-markup';

/**
 * Markup that depends only on what `markupKey` names (the footer: the year), rendered once per
 * process instead of once per page (decision 079). React's server render costs about 1.5 µs an
 * element; the footer's 30 elements on every page were 2–3 % of a signed-in page.
 *
 * On the server, app/entry.server.tsx provides a renderer that turns `content()` into HTML on the
 * first request of each key and keeps it (`app/plumbing/static-markup.server.ts`); the element is
 * sent with that HTML inside. In the browser there is no renderer: `content()` renders as usual and
 * hydrates against the same HTML, so the content must render identically both ways (a test proves
 * it per use: one text node where JSX would write adjacent ones, no hooks that read the request).
 */
export const StaticMarkupContext = createContext<StaticMarkupRenderer | undefined>(undefined);

type StaticMarkupProps = {
  as: 'footer' | 'div' | 'nav' | 'article' | 'ol' | 'tr';
  className?: string;
  testId?: string;
  /** Everything `content` depends on besides module constants. */
  markupKey: string;
  content: () => ReactNode;
};

export function StaticMarkup({ as: Tag, className, testId, markupKey, content }: StaticMarkupProps) {
  const render = useContext(StaticMarkupContext);
  if (!render)
    return (
      <Tag data-testid={testId} className={className}>
        {content()}
      </Tag>
    );
  return <Tag data-testid={testId} className={className} dangerouslySetInnerHTML={{ __html: render(markupKey, content) }} />;
}
