import { expect, it } from 'vitest';
import { idcardPhoto, signImg } from './subscription.js';
// The image data URLs' check (subscription.ts, isDataUrl) answers as the one regular expression it replaced did.
it('judges image data URLs as the single expression did, a photo-sized one included', () => {
  const old = /^data:image\/(jpeg|png);base64,[A-Za-z0-9+/]+={0,2}$/;
  const oldPng = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;
  const cases = [
    'data:image/jpeg;base64,QUJD',
    'data:image/png;base64,QUI=',
    'data:image/png;base64,QQ==',
    'data:image/png;base64,Q===',
    'data:image/png;base64,==',
    'data:image/png;base64,',
    'data:image/gif;base64,QUJD',
    'data:image/png;base64,QU=JD',
    'data:image/png;base64,QUJD\n',
    'xdata:image/png;base64,QUJD',
    'data:image/png;base64,QUJD!',
    'data:image/jpeg;base64,=',
    'data:image/png;base64,A=A=',
  ];
  for (const c of cases) {
    expect(idcardPhoto.safeParse(c).success, c).toBe(old.test(c));
    expect(signImg.safeParse(c).success, c).toBe(oldPng.test(c));
  }
  const big =
    'data:image/jpeg;base64,' +
    Buffer.from(Uint8Array.from({ length: 800_000 }, (_, i) => (i * 7) & 255)).toString('base64');
  expect(idcardPhoto.safeParse(big).success).toBe(true);
  expect(idcardPhoto.safeParse(`${big.slice(0, -1)}=A`).success).toBe(false);
});
