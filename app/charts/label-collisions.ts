/**
 * Reads back what the kit's label placement promises from a finished SVG string: the labels it placed
 * (`data-label`) overlap neither each other nor a drawn line (`data-curve`). Used by the kit's tests
 * and the calculators' property test; the boxes are the same estimates the placement uses.
 */

import { boxesOverlap, labelBox, segmentCrossesBox, type LabelBox, type TextAnchor } from './labels';
import { textWidth, type Point } from './svg';

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const unescapeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => ENTITIES[entity]!);
const attributesOf = (source: string) =>
  Object.fromEntries([...source.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]));

export interface DrawnLabel {
  readonly text: string;
  readonly box: LabelBox;
}

export function placedLabels(svg: string): DrawnLabel[] {
  return [...svg.matchAll(/<text ([^>]*data-label="1"[^>]*)>([^<]*)<\/text>/g)].map(([, source, content]) => {
    const attrs = attributesOf(source!);
    const text = unescapeXml(content!);
    const size = Number(attrs['font-size'] ?? 13);
    const anchor = (attrs['text-anchor'] ?? 'start') as TextAnchor;
    return {
      text,
      box: labelBox(
        Number(attrs.x),
        Number(attrs.y),
        textWidth(text, size),
        size,
        anchor,
        attrs['dominant-baseline'] === 'central' ? 'middle' : 'auto',
      ),
    };
  });
}

export function drawnCurves(svg: string): Point[][] {
  const lines = [...svg.matchAll(/<line ([^>]*data-curve="1"[^>]*)\/>/g)].map(([, source]) => {
    const attrs = attributesOf(source!);
    return [
      [Number(attrs.x1), Number(attrs.y1)],
      [Number(attrs.x2), Number(attrs.y2)],
    ] as Point[];
  });
  const polylines = [...svg.matchAll(/<polyline ([^>]*data-curve="1"[^>]*)\/>/g)].map(([, source]) =>
    (attributesOf(source!).points ?? '').split(' ').map((pair) => pair.split(',').map(Number) as unknown as Point),
  );
  return [...lines, ...polylines];
}

/** Shrinks a box a little: coordinates are rounded to 0,1 px and the estimate is not exact to the pixel. */
const shrink = (box: LabelBox, by = 0.5): LabelBox => ({ x0: box.x0 + by, y0: box.y0 + by, x1: box.x1 - by, y1: box.y1 - by });

/** Every collision in a figure, in words (empty when the labels are clear). */
export function labelCollisions(svg: string): string[] {
  const labels = placedLabels(svg);
  const curves = drawnCurves(svg);
  const problems: string[] = [];
  labels.forEach((label, index) => {
    for (const other of labels.slice(index + 1))
      if (boxesOverlap(shrink(label.box), shrink(other.box))) problems.push(`'${label.text}' overlaps '${other.text}'`);
    const box = shrink(label.box);
    for (const points of curves) {
      for (let at = 1; at < points.length; at += 1) {
        if (segmentCrossesBox(points[at - 1]!, points[at]!, box)) {
          problems.push(`'${label.text}' crosses a line at (${points[at - 1]!.join(', ')})–(${points[at]!.join(', ')})`);
          break;
        }
      }
    }
  });
  return problems;
}
