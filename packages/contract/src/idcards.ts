// The ID documents a patient may photograph (spec §3, idcardType), apart from vocabulary.ts: the first screen's
// bundle imports that, and no landing needs these.

/**
 * The ID document a patient photographs. ac (외국인등록증) is CLOVA OCR's own code for it (docs/providers/clova-ocr.md);
 * pr (영주증, an F-5 resident's card) is ours: it carries the same 외국인등록번호 and is read as an ac.
 */
export const IDCARD_TYPES = ['ic', 'dl', 'pp', 'ac', 'pr'] as const;
export type IdcardType = (typeof IDCARD_TYPES)[number];
export const IDCARD_TYPE_NM: Record<IdcardType, string> = {
  ic: '주민등록증',
  dl: '운전면허증',
  pp: '여권',
  ac: '외국인등록증',
  pr: '영주증',
};
/** The documents of a foreign resident: their number is a 외국인등록번호 (7th digit 5–8, person.ts). */
export const FOREIGN_IDCARD_TYPES: readonly IdcardType[] = ['ac', 'pr'];
/**
 * Whether a document carries the kind of number she has: a 외국인등록번호 on a 외국인등록증 or 영주증, a 주민등록번호 on
 * the others. A subscription whose document and number differ in kind is refused, so the others are not offered.
 */
export const idcardFitsNumber = (type: IdcardType, foreign: boolean) => FOREIGN_IDCARD_TYPES.includes(type) === foreign;
