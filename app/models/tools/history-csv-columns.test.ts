import { describe, expect, test } from 'vitest';
import { calculators, defaultParams, runCalculator } from '../../calculators';
import { resultsText, resultValueText } from '../../calculators/result-text';
import { calculatorColumns, inputCells, resultCells, spreadsheetValue } from './history-csv-columns';

describe('the per-calculator columns of the history CSV', () => {
  test.each(calculators.map((calculator) => [calculator.slug, calculator] as const))(
    '%s: every result of its example comes back from the stored text into its own column',
    (_slug, calculator) => {
      const run = runCalculator(calculator, new URLSearchParams(defaultParams(calculator)));
      if (!run.ok) throw new Error('the example must compute');
      const cells = resultCells(calculator, resultsText(run.result.results));
      const columns = calculatorColumns(calculator);
      expect(cells).toHaveLength(columns.results.length);
      for (const item of run.result.results) {
        const index = calculator.outputs.findIndex((output) => output.key === item.key);
        expect(cells[index], item.label).toBe(spreadsheetValue(resultValueText(item)));
      }
      expect(inputCells(calculator, new URLSearchParams(defaultParams(calculator)).toString())).toHaveLength(columns.inputs.length);
    },
  );

  test('scientific notation as the page writes it becomes the E notation spreadsheets read; text stays text', () => {
    expect(spreadsheetValue('2,432·10⁻⁴')).toBe('2,432E-4');
    expect(spreadsheetValue('4·10⁷')).toBe('4E7');
    expect(spreadsheetValue('40,93')).toBe('40,93');
    expect(spreadsheetValue('192.168.0.1')).toBe('192.168.0.1');
  });
});
