import { ptBrNumber } from './format';

/** A grade in percent with at most one decimal, Brazilian style: '66,7 %'. */
export const formatScore = (percent: number) => `${ptBrNumber({ maximumFractionDigits: 1 }).format(percent)} %`;
