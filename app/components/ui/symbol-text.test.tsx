import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CalculatorResults, CalculatorSteps } from '~/components/calculator-output';
import { splitSubscripts } from './symbol-text';

describe('subscripts written with an underscore', () => {
  it('cut the subscript from its symbol, commas inside it kept and a comma after it left out', () => {
    expect(splitSubscripts('Temperatura final T_f')).toEqual(['Temperatura final T', 'f', '']);
    expect(splitSubscripts('mín(T_janela, T_enlace)')).toEqual(['mín(T', 'janela', ', T', 'enlace', ')']);
    expect(splitSubscripts('margem = P_rx,mín − S')).toEqual(['margem = P', 'rx,mín', ' − S']);
    expect(splitSubscripts('T_∞ = T_a + P/UA')).toEqual(['T', '∞', ' = T', 'a', ' + P/UA']);
    expect(splitSubscripts('Corrente de projeto I₀ (já subscrita)')).toEqual(['Corrente de projeto I₀ (já subscrita)']);
    expect(splitSubscripts('_sem símbolo antes')).toEqual(['_sem símbolo antes']);
  });

  it('show as real subscripts on the result and the steps of a calculator', () => {
    const results = renderToStaticMarkup(
      <CalculatorResults results={[{ key: 'designCurrent', label: 'Corrente de projeto I_B', value: 12, unit: 'A' }]} />,
    );
    expect(results).toContain('I<sub>B</sub>');
    expect(results).not.toContain('I_B');
    const steps = renderToStaticMarkup(
      <CalculatorSteps steps={[{ label: 'Força no eixo F_eixo', expression: 'F_eixo = 2·T/d', value: 3, unit: 'kN' }]} />,
    );
    expect(steps).toContain('F<sub>eixo</sub>');
    expect(steps).not.toContain('F_eixo');
  });
});
