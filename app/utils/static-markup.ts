import type { ReactNode } from 'react';

/**
 * Turns `content()` into HTML once per `key` (decision 079): the server's is
 * app/plumbing/static-markup.server.ts, handed to the render through `StaticMarkupContext`
 * (app/components/static-markup.tsx).
 */
export type StaticMarkupRenderer = (key: string, content: () => ReactNode) => string;
