/**
 * A scenario is read against same-minute slices of its reference (bench/README.md). When the machine
 * slowed down around a scenario (other work on the shared cores), its reference shows it: a
 * reference slice more than 30 % below the run's best slice of the same reference means that
 * minute's ratio would pass or fail by accident, so the scenario and its references are taken again.
 */
export const REFERENCE_DROP_LIMIT = 0.3;

/** The best requests/s seen so far in the run, per reference. */
export function createReferenceBest() {
  const best = new Map<string, number>();
  return {
    /** Records the slices; true when one of them fell more than the limit below the best (this slice's included). */
    fellBehind(id: string, rps: readonly number[]): { behind: boolean; best: number; worst: number } {
      const top = Math.max(best.get(id) ?? 0, ...rps);
      best.set(id, top);
      const worst = Math.min(...rps);
      return { behind: worst < (1 - REFERENCE_DROP_LIMIT) * top, best: top, worst };
    },
  };
}
