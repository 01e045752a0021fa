import { describe, expect, test } from 'vitest';
import { loadingTextFor } from './loading-texts';

describe('loadingTextFor', () => {
  test('names the course page and the ticket view, as the specification words them', () => {
    expect(loadingTextFor('/courses/12')).toBe('Carregando informações do curso...');
    expect(loadingTextFor('/chat/7')).toBe('Carregando ticket...');
    expect(loadingTextFor('/chat/7/')).toBe('Carregando ticket...');
  });

  test('says nothing for pages without a named loading text', () => {
    for (const path of ['/courses', '/chat/new', '/chats', '/courses/12/extra', '/dashboard', '/']) expect(loadingTextFor(path)).toBeNull();
  });
});
