// The signature's minimum ink (Documenso habit): a dot, a tick or a flat line is not a signature.
import type { Validation } from '@auto-claim/contract';
import { t } from '../../../i18n/t';

export interface InkPoint {
  x: number;
  y: number;
}

/** In CSS pixels of the pad: the signature must span at least this much, with at least this many points. */
export const MIN_INK = { points: 12, width: 60, height: 20 } as const;

export function checkInk(strokes: readonly { points: readonly InkPoint[] }[]): Validation {
  const points = strokes.flatMap((s) => s.points);
  if (points.length === 0) return { ok: false, reason: t('sign.empty', '서명해 주세요.') };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const width = Math.max(...xs) - Math.min(...xs);
  const height = Math.max(...ys) - Math.min(...ys);
  if (points.length < MIN_INK.points || width < MIN_INK.width || height < MIN_INK.height) {
    return {
      ok: false,
      reason: t('sign.tooSmall', '서명이 너무 작거나 짧아요. 칸을 넉넉히 써서 이름을 크게 서명해 주세요.'),
    };
  }
  return { ok: true };
}
