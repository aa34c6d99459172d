// The ID photo's quality rules (README "Enrolment"): one place for the browser's check before upload and the
// server's check before storing. Pure functions over a grayscale buffer (one byte a pixel, row after row) that each
// side makes its own way at PHOTO_ANALYSIS_SIDE on the longest side, so the figures compare.

/** Both sides fit the photo into this many pixels on its longest side before measuring. */
export const PHOTO_ANALYSIS_SIDE = 512;

/** Laplacian variance: real-looking cards measured 800–3800 here, the same cards blurred (σ 4–8) 3–40. */
export const PHOTO_MIN_SHARPNESS = 100;
/** Too dark: the 90th percentile of luminance below this (nothing in the frame is lit). */
export const PHOTO_DARK_P90 = 70;
/** Too dark: or the mean below this. */
export const PHOTO_DARK_MEAN = 45;
/** No card: the spread between the 2nd and 98th percentile below this (a wall, a table, the lens covered). */
export const PHOTO_MIN_CONTRAST = 40;
/** No card: fewer strong-edge pixels than this share of the frame (a card's border and text give far more). */
export const PHOTO_MIN_EDGE_SHARE = 0.004;
/** A pixel is a strong edge when its gradient (|dx| + |dy|, central differences) reaches this. */
const EDGE_GRADIENT = 48;

export type PhotoProblemCode = 'PHOTO_TOO_DARK' | 'PHOTO_NO_CARD' | 'PHOTO_BLURRY';

/** What the patient reads, and what the server's problem says, for each refusal. */
export const PHOTO_PROBLEM_MESSAGES: Record<PhotoProblemCode, string> = {
  PHOTO_TOO_DARK: '사진이 어두워요. 밝은 곳에서 다시 찍어 주세요.',
  PHOTO_NO_CARD: '신분증이 보이지 않아요. 신분증이 화면을 가득 채우도록 찍어 주세요.',
  PHOTO_BLURRY: '사진이 흐려요. 밝은 곳에서 흔들리지 않게 다시 찍어 주세요.',
};

export interface PhotoMetrics {
  mean: number;
  p2: number;
  p90: number;
  p98: number;
  /** Variance of the 4-neighbour Laplacian over the inner pixels. */
  sharpness: number;
  /** Share of inner pixels with a strong gradient. */
  edgeShare: number;
}

/** Luminance statistics, sharpness and edge share of a grayscale image. */
export function photoMetrics(gray: ArrayLike<number>, width: number, height: number): PhotoMetrics {
  const n = width * height;
  const hist = new Array<number>(256).fill(0);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const v = gray[i]!;
    hist[v]!++;
    sum += v;
  }
  const pct = (p: number) => {
    const want = p * n;
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += hist[v]!;
      if (seen >= want) return v;
    }
    return 255;
  };
  let lapSum = 0;
  let lapSq = 0;
  let edges = 0;
  let inner = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const c = gray[i]!;
      const l = gray[i - 1]!;
      const r = gray[i + 1]!;
      const u = gray[i - width]!;
      const d = gray[i + width]!;
      const lap = l + r + u + d - 4 * c;
      lapSum += lap;
      lapSq += lap * lap;
      if (Math.abs(r - l) + Math.abs(d - u) >= EDGE_GRADIENT) edges++;
      inner++;
    }
  }
  const lapMean = inner ? lapSum / inner : 0;
  return {
    mean: n ? sum / n : 0,
    p2: pct(0.02),
    p90: pct(0.9),
    p98: pct(0.98),
    sharpness: inner ? lapSq / inner - lapMean * lapMean : 0,
    edgeShare: inner ? edges / inner : 0,
  };
}

/** The first rule a photo breaks (dark, then no card, then blurry), or undefined when it may be uploaded. */
export function photoProblem(m: PhotoMetrics): PhotoProblemCode | undefined {
  if (m.p90 < PHOTO_DARK_P90 || m.mean < PHOTO_DARK_MEAN) return 'PHOTO_TOO_DARK';
  if (m.p98 - m.p2 < PHOTO_MIN_CONTRAST) return 'PHOTO_NO_CARD';
  if (m.sharpness < PHOTO_MIN_SHARPNESS) return 'PHOTO_BLURRY';
  if (m.edgeShare < PHOTO_MIN_EDGE_SHARE) return 'PHOTO_NO_CARD';
  return undefined;
}

/** The analysis size of a width × height photo: fitted into PHOTO_ANALYSIS_SIDE, never enlarged. */
export function photoAnalysisSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PHOTO_ANALYSIS_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
