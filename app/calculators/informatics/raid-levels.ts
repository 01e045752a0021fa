/**
 * RAID levels as arithmetic on whole disks: how many disks hold data, how many failures are
 * survived, and how many disks a one-disk rebuild reads. Levels after Patterson, Gibson &
 * Katz (1988) and the SNIA Common RAID Disk Data Format; ZFS RAID-Z as one parity group.
 */

export const RAID_LEVELS = ['0', '1', '5', '6', '10', '50', '60', 'z1', 'z2', 'z3'] as const;
export type RaidLevel = (typeof RAID_LEVELS)[number];

export const RAID_LEVEL_LABELS: Readonly<Record<RaidLevel, string>> = {
  '0': 'RAID 0 (distribuição, sem redundância)',
  '1': 'RAID 1 (espelho de todos os discos)',
  '5': 'RAID 5 (paridade simples distribuída)',
  '6': 'RAID 6 (paridade dupla distribuída)',
  '10': 'RAID 10 (pares espelhados, distribuídos)',
  '50': 'RAID 50 (grupos RAID 5 distribuídos)',
  '60': 'RAID 60 (grupos RAID 6 distribuídos)',
  z1: 'ZFS RAID-Z1 (paridade simples)',
  z2: 'ZFS RAID-Z2 (paridade dupla)',
  z3: 'ZFS RAID-Z3 (paridade tripla)',
};

/** Short names used in texts and figures. */
export const RAID_SHORT_NAMES: Readonly<Record<RaidLevel, string>> = {
  '0': 'RAID 0',
  '1': 'RAID 1',
  '5': 'RAID 5',
  '6': 'RAID 6',
  '10': 'RAID 10',
  '50': 'RAID 50',
  '60': 'RAID 60',
  z1: 'RAID-Z1',
  z2: 'RAID-Z2',
  z3: 'RAID-Z3',
};

export type Redundancy = 'none' | 'mirror' | 'parity';

export interface RaidLayout {
  /** Disks' worth of user data. */
  readonly dataDisks: number;
  readonly toleranceGuaranteed: number;
  readonly toleranceBest: number;
  /** Disks read to rebuild one failed disk (0: no rebuild possible). */
  readonly disksReadInRebuild: number;
  readonly redundancy: Redundancy;
  /** Formula of the usable capacity, in disks, as shown in the steps. */
  readonly usableFormula: string;
}

const PARITY: Readonly<Partial<Record<RaidLevel, number>>> = { '5': 1, z1: 1, '6': 2, z2: 2, z3: 3 };

/** Least number of active disks per level (RAID-Z: at least two data disks, like RAID 5/6). */
export function minimumActiveDisks(level: RaidLevel, groups: number): number {
  switch (level) {
    case '0':
    case '1':
      return 2;
    case '10':
      return 4;
    case '50':
      return 3 * groups;
    case '60':
      return 4 * groups;
    default:
      return (PARITY[level] ?? 1) + 2;
  }
}

/** Smallest group of RAID 50 (3 disks) and RAID 60 (4 disks). */
export const MIN_DISKS_PER_GROUP: Readonly<Record<'50' | '60', number>> = { '50': 3, '60': 4 };

/** The layout of `active` disks; the caller has checked the level's minimum and divisibility. */
export function raidLayout(level: RaidLevel, active: number, groups: number): RaidLayout {
  switch (level) {
    case '0':
      return { dataDisks: active, toleranceGuaranteed: 0, toleranceBest: 0, disksReadInRebuild: 0, redundancy: 'none', usableFormula: 'm' };
    case '1':
      return {
        dataDisks: 1,
        toleranceGuaranteed: active - 1,
        toleranceBest: active - 1,
        disksReadInRebuild: 1,
        redundancy: 'mirror',
        usableFormula: '1',
      };
    case '10':
      return {
        dataDisks: active / 2,
        toleranceGuaranteed: 1,
        toleranceBest: active / 2,
        disksReadInRebuild: 1,
        redundancy: 'mirror',
        usableFormula: 'm/2',
      };
    case '50':
      return {
        dataDisks: active - groups,
        toleranceGuaranteed: 1,
        toleranceBest: groups,
        disksReadInRebuild: active / groups - 1,
        redundancy: 'parity',
        usableFormula: 'm − g',
      };
    case '60':
      return {
        dataDisks: active - 2 * groups,
        toleranceGuaranteed: 2,
        toleranceBest: 2 * groups,
        disksReadInRebuild: active / groups - 1,
        redundancy: 'parity',
        usableFormula: 'm − 2g',
      };
    default: {
      const parity = PARITY[level] ?? 1;
      return {
        dataDisks: active - parity,
        toleranceGuaranteed: parity,
        toleranceBest: parity,
        disksReadInRebuild: active - 1,
        redundancy: 'parity',
        usableFormula: `m − ${parity}`,
      };
    }
  }
}

/** Whether `active` disks (in `groups` equal groups for RAID 50/60) make a valid array of `level`. */
export function isBuildable(level: RaidLevel, active: number, groups: number): boolean {
  if (level === '50' || level === '60') return active % groups === 0 && active / groups >= MIN_DISKS_PER_GROUP[level] && groups >= 2;
  if (level === '10' && active % 2 !== 0) return false;
  return active >= minimumActiveDisks(level, 1);
}
