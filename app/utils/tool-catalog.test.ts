import { describe, expect, it } from 'vitest';
import { CATALOG_EMPTY, catalogView, categoryLabel, parseCatalogFilter, parseCatalogQuery } from './tool-catalog';

const item = (name: string, category: string, locked = false, description = 'Ferramenta de cálculo') => ({
  name,
  category,
  locked,
  description,
});

const items = [
  item('Torque em eixos', 'mechanical'),
  item('Queda de tensão', 'electrical', false, 'Dimensionamento de condutores elétricos'),
  item('Catálogo de Motores', 'electrical', true),
  item('Titulação de fios', 'textile', true),
];

describe('categoryLabel', () => {
  it('gives the Portuguese label of each category and Desconhecida for anything else', () => {
    expect(['mechanical', 'electrical', 'textile', 'informatics', 'chemical'].map(categoryLabel)).toEqual([
      'Mecânica',
      'Elétrica',
      'Têxtil',
      'Informática',
      'Química',
    ]);
    expect(categoryLabel('civil')).toBe('Desconhecida');
    expect(categoryLabel('toString')).toBe('Desconhecida');
  });
});

describe('parseCatalogFilter and parseCatalogQuery', () => {
  it('accepts all, blocked and the five categories, and falls back to all', () => {
    expect(parseCatalogFilter('blocked')).toBe('blocked');
    expect(parseCatalogFilter('chemical')).toBe('chemical');
    expect(parseCatalogFilter('civil')).toBe('all');
    expect(parseCatalogFilter(null)).toBe('all');
  });

  it('trims the search and bounds it to 100 characters', () => {
    expect(parseCatalogQuery('  motor ')).toBe('motor');
    expect(parseCatalogQuery('x'.repeat(300))).toHaveLength(100);
  });
});

describe('catalogView', () => {
  it('all lists the usable tools; blocked lists the locked ones', () => {
    const all = catalogView(items, { filter: 'all', query: '', isAdmin: false });
    expect(all.tools.map((t) => t.name)).toEqual(['Torque em eixos', 'Queda de tensão']);
    const blocked = catalogView(items, { filter: 'blocked', query: '', isAdmin: false });
    expect(blocked.tools.map((t) => t.name)).toEqual(['Catálogo de Motores', 'Titulação de fios']);
    expect(blocked.showBlocked).toBe(true);
  });

  it('non-admins get only categories with usable tools; admins always get the five', () => {
    expect(catalogView(items, { filter: 'all', query: '', isAdmin: false }).categories).toEqual(['mechanical', 'electrical']);
    expect(catalogView([], { filter: 'all', query: '', isAdmin: true }).categories).toEqual([
      'mechanical',
      'electrical',
      'textile',
      'informatics',
      'chemical',
    ]);
  });

  it('filters by category', () => {
    expect(catalogView(items, { filter: 'electrical', query: '', isAdmin: false }).tools.map((t) => t.name)).toEqual(['Queda de tensão']);
  });

  it('searches name and description ignoring case and accents', () => {
    expect(catalogView(items, { filter: 'all', query: 'ELETRICOS', isAdmin: false }).tools.map((t) => t.name)).toEqual(['Queda de tensão']);
    expect(catalogView(items, { filter: 'blocked', query: 'catalogo', isAdmin: false }).tools.map((t) => t.name)).toEqual([
      'Catálogo de Motores',
    ]);
  });

  it('gives the three empty states', () => {
    const open = items.filter((i) => !i.locked);
    const noneBlocked = catalogView(open, { filter: 'blocked', query: '', isAdmin: false });
    expect(noneBlocked.showBlocked).toBe(false);
    expect(noneBlocked.emptyMessage).toBe(CATALOG_EMPTY.nothingBlocked);
    expect(catalogView(items, { filter: 'all', query: 'solda', isAdmin: false }).emptyMessage).toBe(
      'Nenhuma ferramenta encontrada para "solda".',
    );
    expect(catalogView(items, { filter: 'chemical', query: '', isAdmin: false }).emptyMessage).toBe(
      'Nenhuma ferramenta disponível para esta categoria.',
    );
    expect(catalogView(items, { filter: 'all', query: '', isAdmin: false }).emptyMessage).toBeNull();
  });
});
