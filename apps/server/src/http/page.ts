// An HTML page as the server sends it: the bytes and their brotli and gzip forms, made once and sent as the request's
// Accept-Encoding allows (http/spa.ts).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface Page {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export const pageOf = (raw: Buffer): Page => ({
  raw,
  br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  gzip: gzipSync(raw, { level: 9 }),
});
