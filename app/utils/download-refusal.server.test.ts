import { describe, expect, test } from 'vitest';
import { downloadRefusal } from './download-refusal.server';

describe('downloadRefusal', () => {
  test('a readable page with the status, the message as title and heading, and the way back', async () => {
    const response = downloadRefusal(404, 'Projeto não encontrado', { href: '/projects', label: 'Voltar aos projetos' });
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html><html lang="pt-BR">/);
    expect(html).toContain('<title>Projeto não encontrado — E-Engenharia</title>');
    expect(html).toContain('<h1>Projeto não encontrado</h1>');
    expect(html).toContain('<a href="/projects">Voltar aos projetos</a>');
  });

  test('the message and the link are escaped, never markup', async () => {
    const html = await downloadRefusal(400, '<script>alert("x")</script> & cia', { href: '/a"b', label: '<b>' }).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; cia</h1>');
    expect(html).toContain('<a href="/a&quot;b">&lt;b&gt;</a>');
  });
});
