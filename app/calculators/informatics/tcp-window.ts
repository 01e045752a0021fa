import { formatDuration, formatNumber as f } from '../format';
import { buildResults, invalid, step } from '../result';
import { defineCalculator } from '../types';
import { STANDING_DISCLAIMER } from '../disclaimer';
import { decimalsFor } from './significant-digits';
import { tcpWindowFigures } from './tcp-window-figures';

const outputs = [
  { key: 'bdpBits', label: 'Produto banda × atraso (BDP)', unit: 'bit', digits: 0 },
  { key: 'bdpBytes', label: 'BDP em bytes = janela necessária', unit: 'B', digits: 0 },
  { key: 'bdpMiB', label: 'BDP em MiB', unit: 'MiB', digits: 2 },
  { key: 'scaleShift', label: 'Fator de escala da janela necessário s (RFC 7323)', unit: '', digits: 0 },
  { key: 'maxWindow', label: 'Janela máxima com esse fator (65 535 · 2ˢ)', unit: 'B', digits: 0 },
  { key: 'window', label: 'Janela de recepção considerada W', unit: 'B', digits: 0 },
  { key: 'windowThroughput', label: 'Vazão limitada pela janela T_janela', unit: 'Mbit/s', digits: 3 },
  { key: 'linkThroughput', label: 'Vazão útil do enlace T_enlace', unit: 'Mbit/s', digits: 1 },
  { key: 'lossThroughput', label: 'Vazão limitada por perdas T_perdas (Mathis)', unit: 'Mbit/s', digits: 2 },
  { key: 'throughput', label: 'Vazão estimada de um fluxo T', unit: 'Mbit/s', digits: 3 },
  { key: 'limitingFactor', label: 'Fator limitante', unit: '' },
  { key: 'transferHours', label: 'Tempo de transferência do arquivo', unit: 'h', digits: 2 },
  { key: 'transferDuration', label: 'Tempo de transferência (duração)', unit: '' },
] as const;

/** Largest window without the window scale option: the 16-bit field (RFC 7323, 2.2). */
export const UNSCALED_WINDOW = 65_535;
/** Largest shift the window scale option allows (RFC 7323, 2.3). */
export const MAX_SHIFT = 14;
/** Ethernet bytes around each IP packet: preamble + SFD 8, header 14, FCS 4, inter-frame gap 12. */
export const ETHERNET_OVERHEAD = 38;
/** Mathis et al. (1997) constant for periodic loss: √(3/2). */
export const MATHIS_C = Math.sqrt(1.5);
/** Loss rate above which the Mathis model stops holding (timeouts dominate); indicative threshold. */
const HIGH_LOSS = 0.02;

export type Limit = 'window' | 'link' | 'loss';

export const LIMIT_LABELS: Readonly<Record<Limit, string>> = {
  window: 'janela de recepção',
  link: 'taxa do enlace',
  loss: 'perda de pacotes',
};

/** Smallest shift s with 65 535·2ˢ ≥ bytes (0 when the unscaled window is enough). */
export function requiredShift(bytes: number): number {
  let shift = 0;
  while (UNSCALED_WINDOW * 2 ** shift < bytes && shift <= MAX_SHIFT) shift += 1;
  return shift;
}

const windowModes = [
  { value: 'noscale', label: 'Sem window scaling (65 535 B)' },
  { value: 'bdp', label: 'Com window scaling, janela igual ao BDP' },
  { value: 'custom', label: 'Informar a janela de recepção' },
] as const;

export const tcpWindow = defineCalculator({
  slug: 'janela-tcp-bdp',
  version: '1.0.0',
  title: 'Produto banda × atraso e vazão TCP',
  summary:
    'Calcula o produto banda × atraso (BDP), a janela TCP e o fator de escala necessários e a vazão de um fluxo limitada pela janela, pelo enlace e pelas perdas (modelo de Mathis), com o tempo de transferência.',
  category: 'informatics',
  accessLevel: 'E-TOOL',
  inputs: [
    {
      kind: 'number',
      name: 'bandwidth',
      label: 'Taxa do enlace gargalo B',
      unitGroup: 'dataRate',
      defaultUnit: 'Mbit/s',
      units: ['Mbit/s', 'Gbit/s', 'kbit/s', 'bit/s'],
      default: 1000,
      min: 0.001,
      max: 400_000,
      help: 'Taxas de rede usam prefixos decimais: 1 Gbit/s = 10⁹ bit/s.',
    },
    {
      kind: 'number',
      name: 'rtt',
      label: 'Tempo de ida e volta RTT',
      unitGroup: 'time',
      defaultUnit: 'ms',
      units: ['ms', 'us', 's'],
      default: 120,
      min: 0.01,
      max: 2000,
      help: 'Meça com ping com a rede ociosa.',
    },
    { kind: 'select', name: 'windowMode', label: 'Janela de recepção', options: windowModes, default: 'noscale' },
    {
      kind: 'number',
      name: 'window',
      label: 'Janela de recepção W',
      unitGroup: 'dataSize',
      defaultUnit: 'KiB',
      units: ['KiB', 'MiB', 'B', 'kB', 'MB'],
      default: 4096,
      min: 1,
      max: (UNSCALED_WINDOW * 2 ** MAX_SHIFT) / 1024,
      when: { field: 'windowMode', oneOf: ['custom'] },
      help: 'Até 65 535 · 2¹⁴ B (≈ 1 GiB), o máximo com window scaling.',
    },
    {
      kind: 'number',
      name: 'mss',
      label: 'MSS (carga TCP por segmento)',
      unit: 'B',
      default: 1460,
      min: 536,
      max: 8960,
      integer: true,
      help: '1460 B em Ethernet sem opções; 1448 B com timestamps.',
    },
    { kind: 'number', name: 'mtu', label: 'MTU do enlace', unit: 'B', default: 1500, min: 576, max: 9000, integer: true },
    {
      kind: 'number',
      name: 'loss',
      label: 'Taxa de perda de pacotes p',
      unit: '%',
      default: 0.01,
      min: 0,
      max: 5,
      help: '0 = ignorar o limite por perdas.',
    },
    {
      kind: 'number',
      name: 'fileSize',
      label: 'Tamanho do arquivo F',
      unitGroup: 'dataSize',
      defaultUnit: 'GB',
      units: ['GB', 'MB', 'TB', 'GiB', 'MiB'],
      default: 10,
      min: 0,
      max: 1_000_000,
      help: '0 = não calcular o tempo de transferência.',
    },
  ],
  outputs,
  formula:
    'BDP = B·RTT;  s = ⌈log₂(BDP_bytes/65 535)⌉ ≤ 14;  T_janela = 8·W/RTT;  T_enlace = B·MSS/(MTU + 38);  T_perdas = (8·MSS/RTT)·√(3/2)/√p;  T = mín(T_janela, T_enlace, T_perdas);  t = 8·F/T',
  references: [
    'IETF RFC 7323, TCP Extensions for High Performance (2014), seções 2.2 e 2.3: opção de escala da janela, deslocamento máximo 14',
    'IETF RFC 6349, Framework for TCP Throughput Testing (2011), seção 3.3.1: produto banda × atraso e janela TCP',
    'Mathis, M.; Semke, J.; Mahdavi, J.; Ott, T. The macroscopic behavior of the TCP congestion avoidance algorithm. ACM SIGCOMM Computer Communication Review 27(3), 1997',
    'IEEE 802.3: quadro Ethernet (preâmbulo e SFD 8 B, cabeçalho 14 B, FCS 4 B, intervalo entre quadros 12 B)',
  ],
  standards: [
    { code: 'IETF RFC 7323', edition: '2014' },
    { code: 'IETF RFC 6349', edition: '2011' },
    { code: 'IEEE 802.3', edition: '2022' },
  ],
  disclaimer: `Estimativa para um único fluxo TCP; algoritmos modernos (CUBIC, BBR) não seguem exatamente o modelo de Mathis. O sistema operacional pode limitar a janela (autoajuste de buffers); confira os limites de buffer do host. RTT medido com a rede carregada inclui filas (bufferbloat). ${STANDING_DISCLAIMER}`,
  compute({ bandwidth, rtt, windowMode, window: typedWindow, mss, mtu, loss, fileSize }) {
    if (mss > mtu - 40) return invalid({ mss: `O MSS não pode passar de MTU − 40 B (cabeçalhos IP e TCP): no máximo ${mtu - 40} B.` });
    const bdpBits = bandwidth * rtt;
    const bdpBytes = bdpBits / 8;
    const shift = requiredShift(bdpBytes);
    if (shift > MAX_SHIFT) {
      const message = 'Janela necessária acima de 1 GiB: impossível com um único fluxo TCP.';
      return invalid({ bandwidth: message, rtt: message });
    }
    const maxWindow = UNSCALED_WINDOW * 2 ** shift;
    const window = windowMode === 'noscale' ? UNSCALED_WINDOW : windowMode === 'bdp' ? bdpBytes : typedWindow;
    const p = loss / 100;

    const windowThroughput = (8 * window) / rtt;
    const linkThroughput = (bandwidth * mss) / (mtu + ETHERNET_OVERHEAD);
    const lossThroughput = p > 0 ? ((8 * mss) / rtt) * (MATHIS_C / Math.sqrt(p)) : undefined;
    const candidates: [Limit, number][] = [
      ['window', windowThroughput],
      ['link', linkThroughput],
      ...(lossThroughput === undefined ? [] : [['loss', lossThroughput] as [Limit, number]]),
    ];
    const [limit, throughput] = candidates.reduce((best, candidate) => (candidate[1] < best[1] ? candidate : best));
    const transferSeconds = fileSize > 0 ? (8 * fileSize) / throughput : undefined;

    const warnings: string[] = [];
    if (p > HIGH_LOSS) warnings.push('Perda alta: o modelo de Mathis deixa de valer (timeouts).');
    if (windowMode === 'noscale' && bdpBytes > UNSCALED_WINDOW) {
      warnings.push(
        `Sem window scaling a janela de 65 535 B limita a vazão a ${f(windowThroughput / 1e6)} Mbit/s; ative a opção de escala da janela (RFC 7323) com fator s ≥ ${shift}.`,
      );
    }
    if (windowMode === 'custom' && window > UNSCALED_WINDOW) {
      warnings.push(`Uma janela de ${f(window, 6)} B exige window scaling (RFC 7323) com fator s ≥ ${requiredShift(window)}.`);
    }

    const mbit = (value: number) => value / 1e6;
    const rttMs = rtt * 1000;
    const steps = [
      step('Produto banda × atraso', `BDP = ${f(bandwidth, 6)} bit/s · ${f(rtt, 6)} s`, bdpBits, 'bit', 0),
      step('BDP em bytes', `${f(bdpBits, 6)} / 8`, bdpBytes, 'B', 0),
      step(
        'Fator de escala necessário',
        shift === 0 ? `BDP ≤ 65 535 B: s = 0` : `s = ⌈log₂(${f(bdpBytes, 6)} / 65 535)⌉ = ⌈${f(Math.log2(bdpBytes / UNSCALED_WINDOW), 3)}⌉`,
        shift,
        '',
        0,
      ),
      step(
        'Vazão limitada pela janela',
        `T_janela = 8 · ${f(window, 6)} B / ${f(rttMs)} ms`,
        mbit(windowThroughput),
        'Mbit/s',
        decimalsFor(mbit(windowThroughput)),
      ),
      step(
        'Vazão útil do enlace',
        `T_enlace = ${f(bandwidth, 6)} · ${mss} / (${mtu} + ${ETHERNET_OVERHEAD})`,
        mbit(linkThroughput),
        'Mbit/s',
        decimalsFor(mbit(linkThroughput)),
      ),
      ...(lossThroughput === undefined
        ? [step('Vazão limitada por perdas', 'p = 0: limite por perdas ignorado', 'não se aplica', '')]
        : [
            step(
              'Vazão limitada por perdas (Mathis)',
              `T_perdas = (8 · ${mss} / ${f(rttMs)} ms) · 1,2247 / √${f(p)}`,
              mbit(lossThroughput),
              'Mbit/s',
              decimalsFor(mbit(lossThroughput)),
            ),
          ]),
      step(
        `Vazão estimada (limitada pela ${LIMIT_LABELS[limit]})`,
        `T = mín(${candidates.map(([, value]) => f(mbit(value))).join('; ')}) Mbit/s`,
        mbit(throughput),
        'Mbit/s',
        decimalsFor(mbit(throughput)),
      ),
      ...(transferSeconds === undefined
        ? []
        : [step('Tempo de transferência', `t = 8 · ${f(fileSize, 6)} B / ${f(throughput, 6)} bit/s`, transferSeconds, 's', 0)]),
    ];

    return {
      results: buildResults(
        outputs,
        {
          bdpBits,
          bdpBytes,
          bdpMiB: bdpBytes / 2 ** 20,
          scaleShift: shift,
          maxWindow,
          window,
          windowThroughput: mbit(windowThroughput),
          linkThroughput: mbit(linkThroughput),
          lossThroughput: lossThroughput === undefined ? undefined : mbit(lossThroughput),
          throughput: mbit(throughput),
          limitingFactor: `Limitada pela ${LIMIT_LABELS[limit]}`,
          transferHours: transferSeconds === undefined ? undefined : transferSeconds / 3600,
          transferDuration: transferSeconds === undefined ? undefined : formatDuration(transferSeconds),
        },
        {
          windowThroughput: decimalsFor(mbit(windowThroughput)),
          linkThroughput: decimalsFor(mbit(linkThroughput)),
          ...(lossThroughput === undefined ? {} : { lossThroughput: decimalsFor(mbit(lossThroughput)) }),
          throughput: decimalsFor(mbit(throughput)),
          bdpMiB: decimalsFor(bdpBytes / 2 ** 20),
        },
      ),
      steps,
      figures: () =>
        tcpWindowFigures({
          bandwidth,
          rtt,
          window,
          bdpBytes,
          linkThroughput,
          lossThroughput,
          lossPercent: loss,
          throughput,
          limitText: `Limitada pela ${LIMIT_LABELS[limit]}`,
          unscaledWindow: UNSCALED_WINDOW,
        }),
      warnings,
    };
  },
});
