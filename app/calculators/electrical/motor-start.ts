export type StartMethod = 'direct' | 'star-delta' | 'autotransformer' | 'soft-starter' | 'inverter';

export const START_METHOD_LABELS: Readonly<Record<StartMethod, string>> = {
  direct: 'Partida direta',
  'star-delta': 'Estrela-triângulo',
  autotransformer: 'Chave compensadora',
  'soft-starter': 'Soft-starter',
  inverter: 'Inversor de frequência',
};

/**
 * Line current and torque of a start, as fractions of the direct-start values. Star-delta: phase
 * voltage ÷ √3 and star connection give 1/3 of both; autotransformer tap k: k² of both (magnetising
 * current neglected); soft-starter limited to x·I_n: current x·I_n, torque (x·I_n/I_p)² (torque ∝ V²).
 */
export function startFractions(method: Exclude<StartMethod, 'inverter'>, tap: number, limitMultiple: number, startRatio: number) {
  switch (method) {
    case 'direct':
      return { current: 1, torque: 1 };
    case 'star-delta':
      return { current: 1 / 3, torque: 1 / 3 };
    case 'autotransformer':
      return { current: tap ** 2, torque: tap ** 2 };
    case 'soft-starter': {
      const fraction = limitMultiple / startRatio;
      return { current: fraction, torque: fraction ** 2 };
    }
  }
}
