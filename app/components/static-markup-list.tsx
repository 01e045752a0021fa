import { useContext, type ReactNode } from 'react';
import { StaticMarkupContext } from '~/components/static-markup';

type StaticMarkupListProps<Item> = {
  as: 'ol' | 'ul' | 'tbody';
  className?: string;
  ariaLabel?: string;
  testId?: string;
  items: readonly Item[];
  /** Everything `renderItem(item, index)` depends on besides module constants (decision 079). */
  itemKey: (item: Item, index: number) => string;
  /** One list item (`<li>`, with its React key); the same rule as `StaticMarkup`'s content: one text node where JSX would write adjacent ones. */
  renderItem: (item: Item, index: number) => ReactNode;
};

/**
 * A list whose items are each rendered once per key on the server and kept (decision 079's
 * renderer, app/plumbing/static-markup.server.ts): the list element is sent with the items' kept HTML
 * inside. In the browser the items render from their components and hydrate against it, so the
 * list stays a React list (items can be added, as the ticket's live messages are). Kept per item,
 * not per list, so a list that gains an item renders that item alone.
 */
export function StaticMarkupList<Item>({ as: Tag, className, ariaLabel, testId, items, itemKey, renderItem }: StaticMarkupListProps<Item>) {
  const render = useContext(StaticMarkupContext);
  if (!render)
    return (
      <Tag className={className} aria-label={ariaLabel} data-testid={testId}>
        {items.map(renderItem)}
      </Tag>
    );
  let html = '';
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    html += render(itemKey(item, index), () => renderItem(item, index));
  }
  return <Tag className={className} aria-label={ariaLabel} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
