import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { StaticMarkupRenderer } from '~/utils/static-markup';
import { boundedCache } from '~/utils/bounded-cache';

/** Bounded by keys and characters (key and HTML), least recently used out first: a key that named too much could only churn, never grow. */
export const STATIC_MARKUP_LIMITS = { entries: 2_000, chars: 4_000_000 };

const rendered = boundedCache<string>(STATIC_MARKUP_LIMITS, (html, key) => html.length + key.length);

/** The server's `StaticMarkupRenderer` (decision 079): each key's HTML rendered on first use, then kept. */
export const renderStaticMarkup: StaticMarkupRenderer = (key, content) =>
  rendered.get(key, () => flat(renderToStaticMarkup(createElement(Fragment, null, content()))));

/**
 * The HTML as one flat string. React builds it by concatenation, a tree of thousands of pieces in V8
 * (a rope) that every page holding it would walk again when the document is written to bytes; a copy
 * through a buffer is made once per key.
 */
const flat = (html: string) => Buffer.from(html, 'utf8').toString('utf8');

/** How many keys are kept (tests). */
export const staticMarkupEntries = () => rendered.size().entries;
