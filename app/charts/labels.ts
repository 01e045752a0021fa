/**
 * Label placement inside one plot: each label tries its candidate positions in order and takes the
 * first whose box stays in the plot and touches neither a drawn line (curves, limit lines, arrows,
 * leaders) nor another label; when none is free it searches outwards from the first and is joined to
 * its anchor by a leader line. Deterministic: boxes come from an estimate of the text's width
 * (`textWidth`), never from a browser.
 */

import { textWidth, type Point } from './svg';

export type TextAnchor = 'start' | 'middle' | 'end';

/** A text's box in px: x0 < x1, y0 < y1 (SVG y grows downwards). */
export interface LabelBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** The box of one line of text drawn at (x, y) with this anchor; `middle` baseline centres it on y. */
export function labelBox(
  x: number,
  y: number,
  width: number,
  size: number,
  anchor: TextAnchor,
  baseline: 'auto' | 'middle' = 'auto',
): LabelBox {
  const x0 = anchor === 'start' ? x : anchor === 'middle' ? x - width / 2 : x - width;
  const [y0, y1] = baseline === 'middle' ? [y - size * 0.55, y + size * 0.55] : [y - size * 0.8, y + size * 0.25];
  return { x0, y0, x1: x0 + width, y1 };
}

const grow = (box: LabelBox, by: number): LabelBox => ({ x0: box.x0 - by, y0: box.y0 - by, x1: box.x1 + by, y1: box.y1 + by });

export const boxesOverlap = (a: LabelBox, b: LabelBox) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Whether segment a→b passes through the box (Liang–Barsky clipping). */
export function segmentCrossesBox(a: Point, b: Point, box: LabelBox): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const edges: [number, number][] = [
    [-dx, a[0] - box.x0],
    [dx, box.x1 - a[0]],
    [-dy, a[1] - box.y0],
    [dy, box.y1 - a[1]],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

export interface LabelCandidate {
  readonly x: number;
  readonly y: number;
  readonly anchor: TextAnchor;
}

export interface LabelRequest {
  readonly text: string;
  readonly size: number;
  /** Positions to try, best first (at least one). */
  readonly candidates: readonly LabelCandidate[];
  readonly baseline?: 'auto' | 'middle';
  /** The point the label speaks of: a leader is drawn from it when the label had to move away. */
  readonly anchorPoint?: Point;
  /** Always draw the leader from `anchorPoint` (a marked point's label). */
  readonly alwaysLead?: boolean;
}

export interface PlacedLabel {
  readonly x: number;
  readonly y: number;
  readonly anchor: TextAnchor;
  readonly box: LabelBox;
  /** From the anchor point to the label's nearest edge, when one is drawn. */
  readonly leader?: readonly [Point, Point];
}

/** Clearance kept around a label (its white halo is 1,5 px wide). */
const CLEARANCE = 2;
const SEARCH_RINGS = 14;
const SEARCH_DIRECTIONS = 16;
/** Step of the last-resort scan, px. */
const GRID = 6;

/** The point of the box nearest to p. */
const nearestOnBox = (p: Point, box: LabelBox): Point => [
  Math.min(Math.max(p[0], box.x0), box.x1),
  Math.min(Math.max(p[1], box.y0), box.y1),
];

export class LabelPlacer {
  private readonly labels: LabelBox[] = [];
  private readonly blocks: LabelBox[] = [];
  private readonly segments: (readonly [Point, Point])[] = [];

  /** Labels stay inside `area` (the plot's box); when no spot there is free, inside `outer` (the plot with its margins). */
  constructor(
    private readonly area: LabelBox,
    private readonly outer: LabelBox = area,
  ) {}

  /** A drawn line the labels must not cover (a curve in px, a limit line, an arrow). */
  avoidLine(points: readonly Point[]): void {
    for (let index = 1; index < points.length; index += 1) this.segments.push([points[index - 1]!, points[index]!]);
  }

  /** A drawn shape the labels must not cover (a marked point's dot). */
  avoidBox(box: LabelBox): void {
    this.blocks.push(box);
  }

  /** Whether a label box is inside `within` and free of lines, shapes and other labels. */
  isFree(box: LabelBox, within: LabelBox = this.area): boolean {
    if (box.x0 < within.x0 || box.x1 > within.x1 || box.y0 < within.y0 || box.y1 > within.y1) return false;
    const padded = grow(box, CLEARANCE);
    if (this.labels.some((other) => boxesOverlap(padded, other))) return false;
    if (this.blocks.some((other) => boxesOverlap(padded, other))) return false;
    return !this.segments.some((segment) => segmentCrossesBox(segment[0], segment[1], padded));
  }

  /** Moves a box that sticks out of the plot back inside it (the label keeps its anchor). */
  private shiftInside(candidate: LabelCandidate, width: number, size: number, baseline: 'auto' | 'middle'): LabelCandidate {
    const box = labelBox(candidate.x, candidate.y, width, size, candidate.anchor, baseline);
    const dx = Math.max(0, this.area.x0 - box.x0) + Math.min(0, this.area.x1 - box.x1);
    const dy = Math.max(0, this.area.y0 - box.y0) + Math.min(0, this.area.y1 - box.y1);
    return { ...candidate, x: candidate.x + dx, y: candidate.y + dy };
  }

  private nearestFree(first: LabelCandidate, at: (candidate: LabelCandidate) => LabelBox, within: LabelBox): LabelCandidate | undefined {
    const home = at(first);
    const [width, height] = [home.x1 - home.x0, home.y1 - home.y0];
    let best: { candidate: LabelCandidate; distance: number } | undefined;
    for (let y0 = within.y0; y0 + height <= within.y1; y0 += GRID) {
      for (let x0 = within.x0; x0 + width <= within.x1; x0 += GRID) {
        const candidate = { ...first, x: first.x + (x0 - home.x0), y: first.y + (y0 - home.y0) };
        const distance = Math.hypot(x0 - home.x0, y0 - home.y0);
        if ((!best || distance < best.distance) && this.isFree(at(candidate), within)) best = { candidate, distance };
      }
    }
    return best?.candidate;
  }

  place(request: LabelRequest): PlacedLabel {
    const width = textWidth(request.text, request.size);
    const baseline = request.baseline ?? 'auto';
    const at = (candidate: LabelCandidate) => labelBox(candidate.x, candidate.y, width, request.size, candidate.anchor, baseline);
    const first = this.shiftInside(request.candidates[0]!, width, request.size, baseline);
    const tried = request.candidates.map((candidate) => this.shiftInside(candidate, width, request.size, baseline));

    let chosen = tried.find((candidate) => this.isFree(at(candidate)));
    let moved = false;
    if (!chosen) {
      // Outwards from the first candidate, ring by ring, until a free spot turns up.
      const step = request.size * 0.9;
      search: for (let ring = 1; ring <= SEARCH_RINGS; ring += 1) {
        for (let direction = 0; direction < SEARCH_DIRECTIONS; direction += 1) {
          const angle = (direction / SEARCH_DIRECTIONS) * 2 * Math.PI;
          const candidate = { ...first, x: first.x + Math.cos(angle) * ring * step * 1.6, y: first.y + Math.sin(angle) * ring * step };
          if (this.isFree(at(candidate))) {
            chosen = candidate;
            moved = true;
            break search;
          }
        }
      }
    }
    if (!chosen) {
      // Crowded: the free spot nearest to the first candidate, over a grid of the plot, then of its margins.
      chosen = this.nearestFree(first, at, this.area) ?? this.nearestFree(first, at, this.outer);
      moved = chosen !== undefined;
    }
    const final = chosen ?? first;
    const box = at(final);
    const lead =
      request.anchorPoint && (request.alwaysLead || moved)
        ? ([request.anchorPoint, nearestOnBox(request.anchorPoint, grow(box, 1))] as const)
        : undefined;
    this.labels.push(box);
    if (lead && Math.hypot(lead[1][0] - lead[0][0], lead[1][1] - lead[0][1]) > 1) this.segments.push(lead);
    return { x: final.x, y: final.y, anchor: final.anchor, box, ...(lead ? { leader: lead } : {}) };
  }
}
