// Looks at a PDF as a person, a fax machine or an insurer's intake system would: renders every page with poppler
// (pdftoppm) and with MuPDF (mutool draw), keeps what MuPDF complains of, and reads the rendering back with OCR
// (tesseract, Korean), to compare with the words of the text layer. A PDF whose text layer is right but whose glyphs
// do not draw passes a text test and fails this one (docs/documents.md).
import { execFile, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's packages that give the tools: poppler-utils, mupdf-tools, tesseract-ocr, tesseract-ocr-kor. */
export const RENDER_PACKAGES = 'poppler-utils mupdf-tools tesseract-ocr tesseract-ocr-kor';

/** The tools (and the Korean OCR model) this machine lacks. */
export function missingRenderTools(): string[] {
  const missing = ['pdftoppm', 'pdftotext', 'pdfinfo', 'mutool', 'tesseract'].filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
  );
  if (!missing.includes('tesseract')) {
    const langs = spawnSync('tesseract', ['--list-langs']).stdout?.toString() ?? '';
    if (!/^kor$/m.test(langs)) missing.push('tesseract kor');
  }
  return missing;
}

export interface RenderReport {
  pages: number;
  /** What MuPDF said while drawing, but for its note that it has no colour management. */
  mupdfErrors: string[];
  /** What poppler said on standard error while drawing. */
  popplerErrors: string[];
  /** The distinct Hangul words of the text layer (pdftotext), and those OCR did not find in the rendering. */
  words: string[];
  notFound: string[];
  /** Share of the text layer's Hangul words that OCR read back from the rendering. */
  ratio: number;
  /** The OCR of poppler's rendering, letters and digits only (normalise): to find given fields in the picture. */
  ocr: string;
  /** The text layer (pdftotext), letters and digits only. */
  text: string;
  /** What poppler says the document calls itself and whether it is tagged, and its structure's headings. */
  title: string;
  tagged: boolean;
  headings: string[];
}

const HANGUL = /\p{Script=Hangul}/u;
/** Letters, digits and Hangul only: OCR and text layer differ in spacing and punctuation, not in words. */
export const normalise = (s: string) => s.normalize('NFC').replace(/[^\p{L}\p{N}]/gu, '');

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../artifacts/documents');

/**
 * Renders `pdf` both ways, OCRs poppler's 300-dpi pages, and keeps MuPDF's pages as `artifacts/documents/<name>-N.png`
 * for a person to look at.
 */
export async function renderAndRead(name: string, pdf: Uint8Array): Promise<RenderReport> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-render-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const mu = await run('mutool', ['draw', '-q', '-r', '110', '-o', path.join(dir, 'mu-%d.png'), file]);
    const mupdfErrors = (mu.stdout + mu.stderr)
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !/ICC support is not available/.test(l));
    const pop = await run('pdftoppm', ['-r', '300', '-gray', '-png', file, path.join(dir, 'pop')]);
    const popplerErrors = pop.stderr.split('\n').filter((l) => l.trim());
    const files = await readdir(dir);
    const popPages = files.filter((f) => f.startsWith('pop')).sort();
    const muPages = files
      .filter((f) => f.startsWith('mu-'))
      .sort((a, b) => parseInt(a.slice(3)) - parseInt(b.slice(3)));
    await mkdir(ARTIFACTS, { recursive: true });
    await Promise.all(muPages.map((f, i) => copyFile(path.join(dir, f), path.join(ARTIFACTS, `${name}-${i + 1}.png`))));

    const info = (await run('pdfinfo', ['-enc', 'UTF-8', file])).stdout;
    const struct = (await run('pdfinfo', ['-enc', 'UTF-8', '-struct-text', file])).stdout;
    const headings = [...struct.matchAll(/^\s*H1 \(block\)\n\s*"(.*)"$/gm)].map((m) => m[1]!);
    const text = (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
    const words = [
      ...new Set(
        text
          .split(/\s+/)
          .filter((w) => HANGUL.test(w))
          .map(normalise),
      ),
    ].filter(Boolean);
    // psm 4: a single column of text of varying sizes, which is what a form's table reads as.
    const ocr = await Promise.all(
      popPages.map(async (f) => (await run('tesseract', [path.join(dir, f), '-', '-l', 'kor', '--psm', '4'])).stdout),
    );
    const seen = normalise(ocr.join('\n'));
    const notFound = words.filter((w) => !seen.includes(w));
    return {
      pages: popPages.length,
      mupdfErrors,
      popplerErrors,
      words,
      notFound,
      ratio: words.length ? (words.length - notFound.length) / words.length : 0,
      ocr: seen,
      text: normalise(text),
      title: /^Title:\s*(.*)$/m.exec(info)?.[1] ?? '',
      tagged: /^Tagged:\s*yes$/m.test(info),
      headings,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
