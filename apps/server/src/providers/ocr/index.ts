// The OCR kind as config.ts and create-context.ts see it: its variables, its part of the Config, its provider.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { unsetOr, type Need } from '../env.js';
import { clovaOcr } from './clova.js';
import { sandboxOcr } from './sandbox.js';
import type { OcrProvider } from './types.js';

/** ID-card OCR: none that reads (sandbox) or NAVER CLOVA OCR's ID-card API (clova). */
export const ocrEnv = z.object({
  OCR_PROVIDER: z.enum(['sandbox', 'clova']).default('sandbox'),
  CLOVA_OCR_SECRET: unsetOr(z.string().min(1)),
  CLOVA_OCR_URL: unsetOr(z.url()),
});

export function ocrConfig(e: z.output<typeof ocrEnv>, need: Need) {
  if (e.OCR_PROVIDER === 'sandbox') return { kind: 'sandbox' } as const;
  return {
    kind: 'clova',
    invokeUrl: need(e.CLOVA_OCR_URL, 'CLOVA_OCR_URL (the ID-card domain invoke URL)'),
    secret: need(e.CLOVA_OCR_SECRET, 'CLOVA_OCR_SECRET'),
  } as const;
}
export type OcrConfig = ReturnType<typeof ocrConfig>;

/** The provider the config names; unset is the sandbox. */
export function ocrProvider(config: OcrConfig | undefined, deps: { log: FastifyBaseLogger }): OcrProvider {
  return config?.kind === 'clova'
    ? clovaOcr({
        invokeUrl: config.invokeUrl,
        secret: config.secret,
        onFailure: (reason) => deps.log.warn({ vendor: 'clova-ocr', reason }, 'ID-card OCR read nothing'),
      })
    : sandboxOcr();
}
