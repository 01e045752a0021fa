import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { ampacityField, CANDIDATE_SECTIONS, conductorSizing } from './conductor-sizing';

const RHO_CU_20 = 1 / 58; // IEC 60028, as in the voltage-drop calculator this one reuses
const RHO_AL_20 = 0.028264; // IEC 60889
const closeTo = (actual: number, expected: number, tolerance = 5e-4) => expect(Math.abs(actual / expected - 1)).toBeLessThan(tolerance);

/** Every I₀ field empty (0) except the ones given. */
const ampacities = (typed: Record<number, number>) =>
  Object.fromEntries(CANDIDATE_SECTIONS.map((section) => [ampacityField(section), String(typed[section] ?? 0).replace('.', ',')]));

describe('dimensionamento-condutor', () => {
  // Worked example of the research notes (spec/calculators-2.md, E4), checked step by step against
  // NBR 5410:2004: I_z = I₀·FCT·FCA (6.2.5), (a) I_B ≤ I_n ≤ I_z and (b) I₂ ≤ 1,45·I_z (5.3.4.1),
  // S ≥ I_k·√t/k with k = 115 for Cu/PVC (5.3.5.5; IEC 60364-4-43 table 43A), minimum 2,5 mm² for power.
  // 380 V three-phase, I_B = 40 A, cos φ 0,85, 50 m, Cu/PVC, 16 mm² with I₀ = 68 A and 10 mm² with 50 A
  // (typed by the user), FCT 0,94, FCA 0,80, NBR NM 60898 breaker 50 A, I_k = 5 kA for 0,1 s.
  it('reproduces the worked example: 16 mm² governed by ampacity and short circuit', () => {
    const outcome = computeWith(conductorSizing);
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    closeTo(numberOf(results, 'correctionFactor'), 0.752);
    closeTo(numberOf(results, 'ampacity'), 51.14);
    closeTo(numberOf(results, 'requiredAmpacityDesign'), 53.19);
    closeTo(numberOf(results, 'requiredAmpacity'), 66.49);
    closeTo(numberOf(results, 'conventionalCurrent'), 72.5);
    closeTo(numberOf(results, 'minSectionShortCircuit'), 13.75);
    expect(results.chosenSection).toBe(16);
    expect(results.minSectionUse).toBe(2.5);
    expect(results.checkOverload).toBe('Sim — 40 ≤ 50 ≤ 51,14 A (NBR 5410 5.3.4.1 a)');
    expect(results.checkConventional).toBe('Sim — 72,5 ≤ 1,45 · 51,14 = 74,15 A (NBR 5410 5.3.4.1 b)');
    expect(results.governing).toBe('capacidade de condução e curto-circuito');
    // The notes compute ΔV with ρ₂₀ = 0,0172 Ω·mm²/m (3,787 V, S_min 3,99 mm²); the app uses the IEC 60028 value
    // 1/58 of the voltage-drop calculator, 0,24 % higher: python3: sqrt(3)*(1/58)*(1+0.00393*50)*50*40*0.85/16.
    closeTo(numberOf(results, 'voltageDrop'), 3.7964202);
    closeTo(numberOf(results, 'voltageDropPercent'), 0.99905795);
    closeTo(numberOf(results, 'minSectionDrop'), 3.9962318);
    expect(results.checkDrop).toMatch(/^Sim — /);
    expect(results.checkShortCircuit).toBe('Sim — 16 mm² ≥ 13,75 mm² (NBR 5410 5.3.5.5)');
    expect(outcome.warnings).toEqual([expect.stringContaining('mesmo método de instalação')]);
  });

  // Single-phase 220 V lighting-free power circuit, I_B = 18 A, cos φ 1, 60 m, Cu/PVC, breaker 20 A,
  // FCT 1, FCA 0,8, I₀ typed 24 A (2,5 mm²), 32 A (4 mm²), 41 A (6 mm²), let-through I²t = 30 000 A²s.
  // python3: rho = (1/58)*(1+0.00393*50); num = 2*rho*60*18 → S_min = num/(0.04*220) = 5.0636 mm²;
  // ΔV% = 100*num/S/220 → 8.102 (2,5), 5.064 (4), 3.376 (6); S_cc = sqrt(30000)/115 = 1.5061 mm².
  it('chooses 6 mm² when the voltage drop governs (single-phase)', () => {
    const results = resultsWith(conductorSizing, {
      system: 'single',
      voltage: '220',
      designCurrent: '18',
      powerFactor: '1',
      length: '60',
      temperatureFactor: '1',
      groupingFactor: '0,8',
      ratedCurrent: '20',
      shortCircuitMode: 'let-through',
      letThrough: '30000',
      ...ampacities({ 2.5: 24, 4: 32, 6: 41 }),
    });
    closeTo(numberOf(results, 'minSectionDrop'), 5.063558);
    closeTo(numberOf(results, 'minSectionShortCircuit'), 1.5061311);
    closeTo(numberOf(results, 'voltageDropPercent'), 3.3757053);
    expect(results.chosenSection).toBe(6);
    expect(results.governing).toBe('queda de tensão');
    closeTo(numberOf(results, 'ampacity'), 32.8);
  });

  // Three-phase 380 V, P = 30 kW, η 92 %, cos φ 0,86, 80 m, aluminium EPR (90 °C), gG fuse 63 A with
  // I₂/I_n = 1,6, FCT 1, FCA 0,7, I₀ typed 95 A (25), 110 A (35), 133 A (50), I_k = 10 kA for 0,2 s.
  // python3: I_B = 30000/(sqrt(3)*380*0.86*0.92) = 57.609 A; I₂ = 100.8 A; I_z needed = max(63, 100.8/1.45)
  // = 69.517 A → I₀ ≥ 99.310 A; rho = 0.028264*(1+0.00403*70) = 0.036237; S_min,ΔV = sqrt(3)*rho*80*I_B*0.86
  // /(0.04*380) = 16.366 mm²; S_cc = 10000*sqrt(0.2)/94 = 47.576 mm² (k = 94, Al/EPR).
  it('checks condition (b) for a fuse and the aluminium short-circuit factor (power input)', () => {
    const outcome = computeWith(conductorSizing, {
      loadMode: 'power',
      activePower: '30',
      efficiency: '92',
      powerFactor: '0,86',
      length: '80',
      material: 'al',
      insulation: 'epr',
      device: 'fuse',
      conventionalRatio: '1,6',
      ratedCurrent: '63',
      temperatureFactor: '1',
      groupingFactor: '0,7',
      shortCircuitCurrent: '10',
      clearingTime: '0,2',
      ...ampacities({ 25: 95, 35: 110, 50: 133 }),
    });
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    closeTo(numberOf(results, 'designCurrent'), 57.609055);
    closeTo(numberOf(results, 'requiredAmpacity'), 99.310345);
    closeTo(numberOf(results, 'minSectionDrop'), 16.366347);
    closeTo(numberOf(results, 'minSectionShortCircuit'), 47.575914);
    expect(results.minSectionUse).toBe(16);
    expect(results.chosenSection).toBe(50);
    expect(results.governing).toBe('curto-circuito');
    expect(results.checkConventional).toBe('Sim — 100,8 ≤ 1,45 · 93,1 = 135 A (NBR 5410 5.3.4.1 b)');
    expect(outcome.warnings).toContainEqual(expect.stringContaining('alumínio'));
  });

  it('says no typed section passes, and which I₀ to look up, when the entries are too small', () => {
    const outcome = computeWith(conductorSizing, ampacities({ 10: 50 }));
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    expect(results.chosenSection).toBe('nenhuma das seções informadas');
    expect(results.checkOverload).toBeUndefined();
    expect(outcome.warnings).toContainEqual(expect.stringContaining('I₀ ≥ 66,49 A e seção ≥ 13,75 mm²'));
  });

  it('warns about t < 0,1 s, an unchecked short circuit, big NBR NM 60898 ratings and I₀ that fall with the section', () => {
    expect(computeWith(conductorSizing, { clearingTime: '0,02' }).warnings).toContainEqual(expect.stringContaining('integral de Joule'));
    expect(computeWith(conductorSizing, { shortCircuitMode: 'none' }).warnings).toContainEqual(
      expect.stringContaining('Curto-circuito não verificado'),
    );
    expect(computeWith(conductorSizing, { ratedCurrent: '160', ...ampacities({ 95: 250 }) }).warnings).toContainEqual(
      expect.stringContaining('vão até 125 A'),
    );
    expect(computeWith(conductorSizing, ampacities({ 10: 70, 16: 68 })).warnings).toContainEqual(
      expect.stringContaining('não crescem com a seção'),
    );
  });

  it('refuses a device rated below the design current, and factors out of range', () => {
    expect(errorsWith(conductorSizing, { ratedCurrent: '32' })).toEqual({
      ratedCurrent:
        'I_n = 32 A é menor que a corrente de projeto I_B = 40 A: escolha um dispositivo com I_n ≥ I_B (condição a da coordenação).',
    });
    expect(errorsWith(conductorSizing, { temperatureFactor: '1,5', groupingFactor: '0' })).toEqual({
      temperatureFactor: 'O valor deve estar entre 0,3 e 1,25.',
      groupingFactor: 'O valor deve estar entre 0,3 e 1.',
    });
  });

  const circuit = fc.record({
    length: fc.double({ min: 1, max: 400, noNaN: true }),
    current: fc.double({ min: 1, max: 100, noNaN: true }),
    margin: fc.double({ min: 1, max: 1.6, noNaN: true }),
    factor: fc.double({ min: 0.5, max: 1, noNaN: true }),
  });
  // A plausible column of I₀ values, growing with the section (≈ 10·S^0.62 A).
  const column = ampacities(Object.fromEntries(CANDIDATE_SECTIONS.map((section) => [section, Math.round(14 * section ** 0.62)])));
  const paramsOf = (
    { length, current, margin, factor }: { length: number; current: number; margin: number; factor: number },
    scale = 1,
  ) => ({
    ...column,
    length: String(length * scale),
    designCurrent: String(current),
    ratedCurrent: String(current * margin),
    groupingFactor: String(factor),
  });

  it('property: doubling the length doubles the section the voltage drop asks for, and never picks a smaller section', () => {
    fc.assert(
      fc.property(circuit, (inputs) => {
        const single = resultsWith(conductorSizing, paramsOf(inputs));
        const double = resultsWith(conductorSizing, paramsOf(inputs, 2));
        closeTo(numberOf(double, 'minSectionDrop'), 2 * numberOf(single, 'minSectionDrop'), 1e-12);
        const sectionOf = (results: Record<string, number | string>) =>
          typeof results.chosenSection === 'number' ? results.chosenSection : Infinity;
        expect(sectionOf(double)).toBeGreaterThanOrEqual(sectionOf(single));
      }),
      { numRuns: 150 },
    );
  });

  it('property: the chosen section passes every check, on unrounded values', () => {
    fc.assert(
      fc.property(circuit, (inputs) => {
        const results = resultsWith(conductorSizing, paramsOf(inputs));
        if (typeof results.chosenSection !== 'number') return;
        const section = results.chosenSection;
        const iz = numberOf(results, 'ampacity');
        expect(iz).toBeGreaterThanOrEqual(inputs.current * inputs.margin * (1 - 1e-12));
        expect(numberOf(results, 'conventionalCurrent')).toBeLessThanOrEqual(1.45 * iz * (1 + 1e-12));
        expect(numberOf(results, 'voltageDropPercent')).toBeLessThanOrEqual(4);
        expect(section).toBeGreaterThanOrEqual(numberOf(results, 'minSectionDrop'));
        expect(section).toBeGreaterThanOrEqual(numberOf(results, 'minSectionShortCircuit'));
        for (const key of ['checkOverload', 'checkConventional', 'checkDrop', 'checkShortCircuit'])
          expect(results[key], key).toMatch(/^Sim — /);
        // ΔV % = 100·√3·ρ·L·I·cos φ/(S·V) with the defaults (380 V, cos φ 0,85, Cu/PVC at 70 °C).
        const rho = RHO_CU_20 * (1 + 0.00393 * 50);
        closeTo(
          numberOf(results, 'voltageDropPercent'),
          (100 * Math.sqrt(3) * rho * inputs.length * inputs.current * 0.85) / (section * 380),
          1e-9,
        );
      }),
      { numRuns: 150 },
    );
  });

  it('uses the aluminium resistivity at 90 °C for EPR/XLPE', () => {
    const results = resultsWith(conductorSizing, { material: 'al', insulation: 'epr', ...ampacities({ 16: 80 }) });
    const rho = RHO_AL_20 * (1 + 0.00403 * 70);
    closeTo(numberOf(results, 'minSectionDrop'), (Math.sqrt(3) * rho * 50 * 40 * 0.85) / (0.04 * 380), 1e-12);
  });
  it('draws the criteria chart with the candidate table, and the protection coordination (notes, diagrams 1 and 2)', () => {
    const figures = computeWith(conductorSizing).figures ?? [];
    expect(figures.map((item) => item.id)).toEqual(['criterios-secao', 'coordenacao-protecao']);
    const [criteria, coordination] = figures;
    for (const item of figures) {
      expect(item.svg).toMatch(/^<svg [^>]*role="img"/);
      expect(item.svg).toContain(`<title id="fig-${item.id}-title">${item.title}</title>`);
      expect(item.svg).not.toMatch(/\sstyle=/);
    }
    expect(criteria?.summary).toBe(
      'Seção escolhida: 16 mm². Menor seção por critério: capacidade de condução ≥ 16 mm²; queda de tensão ≥ 4 mm²; curto-circuito ≥ 16 mm²; seção mínima ≥ 2,5 mm².',
    );
    expect(criteria?.table?.rows.map((row) => row[0])).toEqual(['1,5', '2,5', '4', '6', '10', '16']);
    expect(criteria?.table?.rows[4]).toEqual(['10', '50,0', '37,60', '1,60', '✗ ampacidade; ✗ curto-circuito']);
    expect(criteria?.table?.rows[5]).toEqual(['16', '68,0', '51,14', '1,00', '✓ escolhida']);
    expect(criteria?.svg).toContain('≥ 16 mm² ✓ (determina)');
    expect(criteria?.svg).toContain('escolhida: 16 mm²');
    expect(coordination?.summary).toBe(
      'Atende (a): I_B = 40 A ≤ I_n = 50 A ≤ I_z = 51,14 A. Atende (b): I₂ = 72,5 A ≤ 1,45·I_z = 74,15 A (NBR 5410 5.3.4.1).',
    );
    expect(coordination?.svg).toContain('(a) I_B ≤ I_n ≤ I_z ✓');
    expect(coordination?.svg).toContain('faixa permitida para I_n (a)');
  });

  it('keeps only the criteria figure, over every section, when none passes', () => {
    const figures = computeWith(conductorSizing, ampacities({ 10: 50 })).figures ?? [];
    expect(figures.map((item) => item.id)).toEqual(['criterios-secao']);
    expect(figures[0]?.table?.rows).toHaveLength(CANDIDATE_SECTIONS.length);
    expect(figures[0]?.summary).toMatch(/^Nenhuma seção com I₀ informado atende/);
    expect(figures[0]?.svg).toContain('✗ nenhuma seção informada');
  });
});
