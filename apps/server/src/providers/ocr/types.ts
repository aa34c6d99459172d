// ID-document OCR (DESIGN §1): reads what it can from a photo of an ID card, driver's licence or passport. The patient
// always confirms and may correct or type every field; nothing read here is trusted without that.

import type { IdcardType } from '@auto-claim/contract';

export interface OcrFields {
  userNm?: string;
  idcardIssueDate?: string;
  idcardIssueOrg?: string;
  regNo?: string;
  checkCd?: string;
}

export interface OcrProvider {
  readonly name: string;
  /** The fields it could read from the original upload (before re-encoding); {} when it could read none. */
  readIdCard(image: Buffer, idcardType: IdcardType): Promise<OcrFields>;
}
