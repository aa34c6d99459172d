// Units behind the subscription calls: KST contract dates, the sandbox OCR's readers, the sandbox address search,
// image sniffing and the PDF text wrapping.
import { hashPassword, verifyPassword } from '../../../src/security/password.js';
import { describe, expect, it } from 'vitest';
import { addMonths, contractDates, kstToday } from '@auto-claim/contract';
import { jpegComment, pngText, sandboxOcr } from '../../../src/providers/ocr/sandbox.js';
import { sandboxAddress } from '../../../src/providers/address/sandbox.js';
import { SAMPLE_ADDRESSES } from '../../../src/providers/address/sample.js';
import { sniffImageType } from '../../../src/images/index.js';
import { sandboxBankCheck } from '../../../src/providers/bank-check/sandbox.js';
import { pdfDoc, wrapText } from '../../../src/documents/index.js';
import { idPhotoJpeg, ocrTestJpeg, ocrTestPng, signaturePng } from '../../../fixtures/enrolment.js';

describe('contract dates (KST)', () => {
  it('starts on the Korean date, which may be the next UTC day', () => {
    expect(kstToday(new Date('2026-11-22T14:59:59Z'))).toBe('20261122');
    expect(kstToday(new Date('2026-11-22T15:00:00Z'))).toBe('20261123');
  });
  it('runs a year, the last day included; month ends are clamped', () => {
    expect(contractDates(new Date('2026-03-01T00:00:00Z'))).toEqual({
      contractStartDate: '20260301',
      contractEndDate: '20270228',
    });
    expect(addMonths('20240229', 12)).toBe('20250228');
    expect(addMonths('20260131', 1)).toBe('20260228');
    expect(addMonths('20261123', -36)).toBe('20231123');
  });
});

describe('sandbox OCR', () => {
  it('reads PNG tEXt and JPEG comments, and nothing from a real photo', async () => {
    const fields = { userNm: '김테스트', regNo: 'M12345678' };
    const png = await ocrTestPng(fields);
    expect(pngText(png, 'autoclaim-ocr')).toBe(JSON.stringify(fields));
    const jpeg = await ocrTestJpeg(fields);
    expect(jpegComment(jpeg, 'autoclaim-ocr:')).toBe(JSON.stringify(fields));
    const ocr = sandboxOcr();
    expect(await ocr.readIdCard(png, 'pp')).toEqual(fields);
    expect(await ocr.readIdCard(await idPhotoJpeg(), 'ic')).toEqual({});
    expect(await ocr.readIdCard(Buffer.from('garbage'), 'ic')).toEqual({});
  });
});

describe('sandbox address search', () => {
  it('holds real-format addresses: 5-digit postcodes, a province or city first', () => {
    expect(SAMPLE_ADDRESSES.length).toBeGreaterThanOrEqual(30);
    for (const a of SAMPLE_ADDRESSES) {
      expect(a.postNo).toMatch(/^\d{5}$/);
      expect(a.roadAddr).toMatch(
        /^(서울특별시|부산광역시|대구광역시|인천광역시|광주광역시|대전광역시|울산광역시|세종특별자치시|경기도|강원특별자치도|충청북도|충청남도|전북특별자치도|전라남도|경상북도|경상남도|제주특별자치도) /,
      );
      expect(a.roadAddr).toMatch(/(로|길) \d+(-\d+)?$/);
    }
  });
  it('matches every word, spaces ignored, up to the limit', async () => {
    const s = sandboxAddress();
    expect((await s.search('세종대로110', 10)).list[0]!.postNo).toBe('04524');
    expect((await s.search('부산 벡스코', 10)).list.map((a) => a.buildingNm)).toEqual(['벡스코']);
    const many = await s.search('서울특별시', 3);
    expect(many.list).toHaveLength(3);
    expect(many.total).toBeGreaterThan(3);
  });
});

describe('sandbox bank check', () => {
  it('answers by the documented account patterns', async () => {
    const out: string[] = [];
    const bank = sandboxBankCheck({
      write: async (m) => void out.push(m.body),
      writeMany: async (ms) => void out.push(...ms.map((m) => m.body)),
    });
    expect(await bank.holderOf({ bankCd: '004', bankAccount: '1234560000', askedHolderNm: '김' })).toEqual({
      found: false,
    });
    expect(await bank.holderOf({ bankCd: '004', bankAccount: '1234569999', askedHolderNm: '김' })).toEqual({
      found: true,
      holderNm: '박타인',
    });
    expect(await bank.holderOf({ bankCd: '004', bankAccount: '1234561234', askedHolderNm: '김' })).toEqual({
      found: true,
      holderNm: '김',
    });
    expect(out.every((b) => !b.includes('123456'))).toBe(true);
  });
});

describe('images and PDFs', () => {
  it('sniffs JPEG and PNG by magic bytes only', async () => {
    expect(sniffImageType(await idPhotoJpeg())).toBe('jpeg');
    expect(sniffImageType(await signaturePng())).toBe('png');
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });
  it('wraps Korean text inside words when it must, never wider than the line', async () => {
    const { regular } = await pdfDoc({ title: 't', subject: 's', date: new Date(0) });
    const text = '진료비세부산정내역서'.repeat(8) + ' 짧은 말';
    const lines = wrapText(text, regular, 10, 200);
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines) expect(regular.widthOfTextAtSize(l, 10)).toBeLessThanOrEqual(200.5);
    expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
  });
});

describe('operator password hashes (argon2id from node:crypto)', () => {
  it('verify what they made, refuse another password, and still verify a hash the argon2 package made', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse batterY')).toBe(false);
    // Made by the `argon2` npm package (its defaults) before this project used Node's own argon2.
    const legacy = '$argon2id$v=19$m=65536,p=4,t=3$hkPcnwxqHf7DlnU7liWEEQ$rYOK/VSt5vRlvdxWlBSY6wEhaLmFcxTSZHnDjaMK1zc';
    expect(await verifyPassword(legacy, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(legacy, 'wrong horse battery')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });
});
