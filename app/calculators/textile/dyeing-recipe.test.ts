import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { namedColor } from '../../charts';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { TOO_MUCH_LIQUID, dyeingRecipe, fourFigures } from './dyeing-recipe';

const close = (actual: number, expected: number, relative = 5e-4) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * relative);
const typed = (value: number) => String(value).replace('.', ',');

describe('receita-tingimento', () => {
  // Worked example of spec/calculators-2.md T5: 50 kg cotton knit, 1:8, amarelo 0,80 %, vermelho 1,20 %,
  // azul 0,50 % s.p.m., sal 60 g/L, barrilha 20 g/L, sequestrante 1 g/L, dyes as 50 g/L stock solutions,
  // 100 % pick-up. Formulas: V = m·R; m_i = m·p/100; g/L = 10·%/R (the dyehouse conversion "concentration
  // (g/l) = % o.w.f. × 10 / LR", e.g. thesmarttime.com, physico-chemical calculations; Broadbent 2001).
  it('reproduces the worked example: 400 L, 400/600/250 g of dye, 325 L of water to add', () => {
    const results = resultsWith(dyeingRecipe);
    close(numberOf(results, 'bathVolume'), 400);
    close(numberOf(results, 'dyeMass1'), 400);
    close(numberOf(results, 'dyeMass2'), 600);
    close(numberOf(results, 'dyeMass3'), 250);
    close(numberOf(results, 'dyeTotal'), 1250);
    close(numberOf(results, 'dyeTotalOwf'), 2.5);
    close(numberOf(results, 'dyeBath1'), 1);
    close(numberOf(results, 'dyeBath2'), 1.5);
    close(numberOf(results, 'dyeBath3'), 0.625);
    close(numberOf(results, 'auxMass1'), 24);
    close(numberOf(results, 'auxMass2'), 8);
    close(numberOf(results, 'auxMass3'), 0.4);
    close(numberOf(results, 'auxOwf1'), 48); // 60 g/L · 8 / 10
    close(numberOf(results, 'dyeStockVolume1'), 8);
    close(numberOf(results, 'dyeStockVolume2'), 12);
    close(numberOf(results, 'dyeStockVolume3'), 5);
    close(numberOf(results, 'stockTotal'), 25);
    close(numberOf(results, 'waterInGoods'), 50);
    close(numberOf(results, 'waterToAdd'), 325);
    expect(results.auxMass4).toBeUndefined();
    expect(results.totalCost).toBeUndefined();
  });

  // A lab dip worked in textilecalculation.blogspot.com ("Dyeing calculation in lab dip", 2015), recomputed by
  // hand: 5 g at 1:10 → 50 mL; stock solutions 1 % = 10 g/L and 20 % = 200 g/L.
  //   wetting 0,5 g/L: 0,5·0,05/10 L = 2,5 mL; sequestrant 2 g/L: 10 mL; anti-pilling 1 g/L: 5 mL;
  //   dye 1,5 %: 0,075 g / 10 g/L = 7,5 mL; Glauber's salt 40 g/L: 2 g / 200 g/L = 10 mL; soda 10 g/L: 2,5 mL;
  //   water to add = 50 − 37,5 = 12,5 mL.
  it('a 5 g lab dip with every product as a stock solution', () => {
    const results = resultsWith(dyeingRecipe, {
      batchMass: '5',
      batchMass_unit: 'g',
      liquorRatio: '10',
      pickUp: '0',
      dye1: '1,5',
      dyeStock1: '10',
      dye2: '0',
      dye3: '0',
      aux1: '0,5',
      auxStock1: '10',
      aux2: '2',
      auxStock2: '10',
      aux3: '1',
      auxStock3: '10',
      aux4: '40',
      auxStock4: '200',
      aux5: '10',
      auxStock5: '200',
    });
    close(numberOf(results, 'bathVolume'), 0.05);
    close(numberOf(results, 'auxStockVolume1'), 0.0025);
    close(numberOf(results, 'auxStockVolume2'), 0.01);
    close(numberOf(results, 'auxStockVolume3'), 0.005);
    close(numberOf(results, 'dyeStockVolume1'), 0.0075);
    close(numberOf(results, 'auxStockVolume4'), 0.01);
    close(numberOf(results, 'auxStockVolume5'), 0.0025);
    close(numberOf(results, 'waterToAdd'), 0.0125);
    close(numberOf(results, 'dyeMass1'), 0.075);
  });

  // thesmarttime.com's two examples of the g/L ↔ % o.w.f. conversion: 4,5 % at 4:1 is 11,25 g/L; 5 g/L at 5:1
  // is 2,5 %. Costs by hand: 50 kg·4,5 % = 2,25 kg at R$ 8/kg = R$ 18; plus 1,25 kg of dye at R$ 0 (none priced).
  it('converts auxiliaries given in % s.p.m. to g/L and back, and prices the recipe', () => {
    const peroxide = resultsWith(dyeingRecipe, {
      liquorRatio: '4',
      pickUp: '0',
      aux1: '4,5',
      auxBasis1: 'owf',
      auxPrice1: '8',
      costs: 'yes',
    });
    close(numberOf(peroxide, 'auxBath1'), 11.25);
    close(numberOf(peroxide, 'auxMass1'), 2.25);
    // 20 g/L of soda ash at 1:4 in 200 L is 4 kg and 1 g/L of sequestrant 0,2 kg, both unpriced.
    close(numberOf(peroxide, 'totalCost'), 18);
    close(numberOf(peroxide, 'costPerKg'), 0.36);
    const caustic = resultsWith(dyeingRecipe, { liquorRatio: '5', pickUp: '0', aux1: '5' });
    close(numberOf(caustic, 'auxOwf1'), 2.5);
  });

  // 1:2 → 100 L, but 80 L come with the goods (160 %) and 25 L are stock solutions.
  it('draws the bath composition with the weighing sheet, and the masses by product', () => {
    const figures = computeWith(dyeingRecipe).figures ?? [];
    expect(figures.map((item) => item.id)).toEqual(['composicao-banho', 'massas-produtos']);
    const [bath, masses] = figures;
    expect(bath?.svg).toContain('<title id="fig-composicao-banho-title">Composição do banho</title>');
    expect(bath?.summary).toBe('Banho de 400 L: água do material 50 L, soluções-estoque 25 L e água a adicionar 325 L.');
    expect(bath?.svg).toContain('água a adicionar: 325 L (81,3 %)');
    expect(bath?.table?.columns).toEqual(['Produto', 'Quantidade', 'Unidade', 'Solução-estoque', 'Conferido']);
    expect(bath?.table?.rows[0]).toEqual(['Amarelo reativo', '400', 'g', '8 L', '☐']);
    expect(bath?.table?.rows.at(-1)).toEqual(['Água a adicionar', '325', 'L', '—', '☐']);
    expect(masses?.summary).toBe('Massas por produto: corantes 1,25 kg e auxiliares 32,4 kg.');
    for (const item of figures) expect(item.svg).not.toMatch(/\sstyle=|NaN|Infinity/);
  });

  it('draws each dye in the colour its name says, and every product with a texture of its own for black-and-white prints', () => {
    const [bath, masses] = computeWith(dyeingRecipe).figures ?? [];
    /** Legend entries: the swatch's fill, its texture pattern (if any) and the label. */
    const legend = (svg: string) =>
      [
        ...svg.matchAll(
          /<g><rect[^>]*?fill="([^"]+)"[^>]*\/>(?:<rect[^>]*?fill="url\(#([^)]+)\)"[^>]*\/>)?<\/g><text[^>]*>([^<]+)<\/text>/g,
        ),
      ].map(([, fill, texture, label]) => ({ fill, texture: texture ?? 'none', label }));
    const entries = legend(masses!.svg);
    expect(entries.map((entry) => entry.label)).toEqual([
      'Amarelo reativo: 0,4 kg',
      'Vermelho reativo: 0,6 kg',
      'Azul reativo: 0,25 kg',
      'Sal (NaCl): 24 kg',
      'Barrilha (Na₂CO₃): 8 kg',
      'Sequestrante: 0,4 kg',
    ]);
    const fillOf = (start: string) => entries.find((entry) => entry.label.startsWith(start))!.fill;
    expect(fillOf('Amarelo')).toBe(namedColor('amarelo'));
    expect(fillOf('Vermelho')).toBe(namedColor('vermelho'));
    expect(fillOf('Azul')).toBe(namedColor('azul'));
    // In grey, colours may merge: the textures never do, within one figure.
    for (const figure of [bath!, masses!]) {
      const textures = legend(figure.svg).map((entry) => entry.texture);
      expect(new Set(textures).size, figure.id).toBe(textures.length);
    }
    expect(legend(bath!.svg).find((entry) => entry.label.startsWith('solução de Vermelho'))?.fill).toBe(namedColor('vermelho'));
  });

  it('draws the volume bar alone when there is no product', () => {
    const none = { dye1: '0', dye2: '0', dye3: '0', aux1: '0', aux2: '0', aux3: '0' };
    const figures = computeWith(dyeingRecipe, none).figures ?? [];
    expect(figures.map((item) => item.id)).toEqual(['composicao-banho']);
    expect(figures[0]?.table?.rows).toEqual([['Água a adicionar', '350', 'L', '—', '☐']]);
  });

  it('escapes product names in the drawing', () => {
    const bath = computeWith(dyeingRecipe, { dyeName1: 'Azul <b> & "X"' }).figures?.[0];
    expect(bath?.svg).toContain('solução de Azul &lt;b&gt; &amp; &quot;X&quot;');
    expect(bath?.svg).not.toContain('<b>');
  });

  it('refuses a bath smaller than the water of the goods plus the stock solutions', () => {
    expect(errorsWith(dyeingRecipe, { liquorRatio: '2', pickUp: '160' })).toEqual({ liquorRatio: TOO_MUCH_LIQUID });
    // 400 L exactly used up: 50 L in the goods, 25 L of stock, 325 L of other dissolved products → 0 L to add.
    expect(numberOf(resultsWith(dyeingRecipe, { otherVolume: '325' }), 'waterToAdd')).toBe(0);
  });

  it('refuses out-of-range inputs with Portuguese messages', () => {
    expect(errorsWith(dyeingRecipe, { batchMass: '0', liquorRatio: '60', dye1: '12', auxBasis1: 'kg' })).toEqual({
      batchMass: 'O valor deve estar entre 0,001 e 5000 kg.',
      liquorRatio: 'O valor deve estar entre 2 e 50 L/kg.',
      dye1: 'O valor deve estar entre 0 e 10 %.',
      auxBasis1: 'Escolha uma das opções da lista.',
    });
  });

  it('warns when the recipe has no dye', () => {
    expect(computeWith(dyeingRecipe).warnings).toEqual([]);
    expect(computeWith(dyeingRecipe, { dye1: '0', dye2: '0', dye3: '0' }).warnings).toEqual([expect.stringContaining('Nenhum corante')]);
  });

  it('shows about four significant figures whatever the scale', () => {
    expect([fourFigures(400), fourFigures(0.0025), fourFigures(0.625), fourFigures(0)]).toEqual([1, 6, 4, 0]);
  });

  it('scales linearly: doubling the batch doubles every mass and volume, and concentrations stay', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 2000, noNaN: true }), fc.double({ min: 0, max: 10, noNaN: true }), (mass, percent) => {
        const inputs = { pickUp: '0', dye1: typed(percent) };
        const single = resultsWith(dyeingRecipe, { ...inputs, batchMass: typed(mass) });
        const double = resultsWith(dyeingRecipe, { ...inputs, batchMass: typed(2 * mass) });
        for (const key of ['bathVolume', 'auxMass1', 'stockTotal', 'waterToAdd'])
          close(numberOf(double, key), 2 * numberOf(single, key), 1e-9);
        close(numberOf(double, 'auxBath1'), numberOf(single, 'auxBath1'), 1e-12);
        // Volumes add up: goods water + stock solutions + water to add = bath.
        close(
          numberOf(single, 'waterInGoods') + numberOf(single, 'stockTotal') + numberOf(single, 'waterToAdd'),
          numberOf(single, 'bathVolume'),
          1e-9,
        );
      }),
      { numRuns: 60 },
    );
  });
});
