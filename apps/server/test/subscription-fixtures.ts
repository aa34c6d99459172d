// Test data for the subscription tests: generated images (an ID photo with EXIF, OCR test images, signatures, a pixel
// bomb) and a reg factory for a verified person. Identity numbers here can never be a real person's.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { SubscriptionBody } from '@auto-claim/contract';
import { OCR_TEXT_KEYWORD } from '../src/providers/ocr/sandbox.js';
import type { TestApp } from './helper.js';

export const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

/** A photo-like JPEG (noise, so it does not compress to nothing) with EXIF that must not survive: GPS-ish text. */
export async function idPhotoJpeg(opts: { width?: number; height?: number; exifSecret?: string } = {}) {
  const width = opts.width ?? 640;
  const height = opts.height ?? 400;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Copyright: opts.exifSecret ?? 'EXIF-SECRET-GPS-37.5665N', Artist: 'test-camera' } })
    .toBuffer();
}

function crc32(buf: Buffer) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function pngChunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A PNG carrying OCR fields in a tEXt chunk, as the sandbox OCR reads them (providers/ocr/sandbox.ts). */
export async function ocrTestPng(fields: Record<string, string>) {
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#dfe7f1' } })
    .png()
    .toBuffer();
  const ihdrEnd = 8 + 12 + png.readUInt32BE(8);
  const text = pngChunk(
    'tEXt',
    Buffer.concat([
      Buffer.from(OCR_TEXT_KEYWORD, 'latin1'),
      Buffer.from([0]),
      Buffer.from(JSON.stringify(fields), 'utf8'),
    ]),
  );
  return Buffer.concat([png.subarray(0, ihdrEnd), text, png.subarray(ihdrEnd)]);
}

/** A JPEG carrying OCR fields in a comment segment (COM) right after SOI. */
export async function ocrTestJpeg(fields: Record<string, string>) {
  const jpeg = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#eeeeee' } })
    .jpeg()
    .toBuffer();
  const text = Buffer.from(`${OCR_TEXT_KEYWORD}:${JSON.stringify(fields)}`, 'utf8');
  const seg = Buffer.alloc(4);
  seg.writeUInt16BE(0xfffe, 0);
  seg.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), seg, text, jpeg.subarray(2)]);
}

/** A drawn signature: a few strokes on a transparent pad. */
export const signaturePng = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><path d="M20 80 C 60 10, 90 110, 130 50 S 200 20, 280 70" stroke="#111" stroke-width="5" fill="none"/><path d="M40 100 L 260 95" stroke="#111" stroke-width="4"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

/** An empty pad. */
export const blankPng = () =>
  sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();

/** A small file that claims more pixels than MAX_IMAGE_PIXELS: a valid PNG header of 20000×20000, one zlib row. */
export function pixelBombPng() {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(20_001))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface Verified {
  cookie: string;
  ci: string;
  person: { custName: string; korRegId: string; custHp: string; telecomType: string };
}

let cache: { termsIds: string[] } | undefined;
/** Every required SERVICE and LMHC_SUBS term, as the wizard collects them. */
export async function requiredTermsIds(t: TestApp) {
  if (cache) return cache.termsIds;
  const ids: string[] = [];
  for (const group of ['SERVICE', 'LMHC_SUBS']) {
    const res = await t.app.inject(`/auth/rest/terms/v3/${group}`);
    ids.push(
      ...(res.json() as { list: { termsId: string; required: boolean }[] }).list
        .filter((x) => x.required)
        .map((x) => x.termsId),
    );
  }
  cache = { termsIds: ids };
  return ids;
}

/** The birthday and sex a test person's korRegId stands for (1900s, M for 1/F for 2). */
export function personFields(v: Verified) {
  const k = v.person.korRegId;
  const century = ['1', '2', '5', '6'].includes(k[6]!) ? '19' : '20';
  return {
    userCi: v.ci,
    userNm: v.person.custName,
    birthday: `${century}${k.slice(0, 6)}`,
    sex: (['1', '3', '5', '7'].includes(k[6]!) ? 'M' : 'F') as 'M' | 'F',
    userIdno2: `${k[6]}234567`,
    userTel: v.person.custHp,
  };
}

export interface Images {
  photo: Buffer;
  sign: Buffer;
}
export async function images(): Promise<Images> {
  return { photo: await idPhotoJpeg(), sign: await signaturePng() };
}

/** A complete outer-mode reg for a verified person; override anything. */
export async function regFor(
  t: TestApp,
  v: Verified,
  img: Images,
  overrides: Partial<Record<keyof SubscriptionBody, unknown>> = {},
): Promise<Record<string, unknown>> {
  const insuCompCd = (overrides.insuCompCd as string | undefined) ?? 'SAMSUNGFIRE';
  return {
    ...personFields(v),
    termsIds: await requiredTermsIds(t),
    optTerms: [],
    userEmail: 'patient@example.com',
    userPostNo: '04524',
    userAddr: '서울특별시 중구 세종대로 110',
    userAddrDetail: '3층 301호',
    hospitalCd: '90000001',
    multiSubscrib: [],
    jobCd: '',
    minAmt: 10_000,
    retroMonth: 36,
    signImg: dataUrl('image/png', img.sign),
    idcardImg: dataUrl('image/jpeg', img.photo),
    idcardType: 'ic',
    idcardIssueDate: '20200315',
    idcardIssueOrg: '서울특별시 중구청장',
    regNo: '',
    checkCd: '',
    insuCompCd,
    agreeIds: [`INSU_${insuCompCd}_CLAIM`],
    bankCd: '004',
    bankAccount: '123456781234',
    bankAccountHolder: v.person.custName,
    bankAccountRel: '1',
    ...overrides,
  };
}
