// The documents a hospital requires before releasing a patient's records to a third party (의료법 제21조): the power
// of attorney (위임장) and the consent (동의서), filled with the patient's data, the scope, the date and the
// signature. Built for the subscription flow; the claim engine reuses them for claim packages.
import { koreanDate, pdfDoc } from './pdf.js';

/** Who acts for the patient (수임인): the service operator. */
export const AGENT = {
  name: '자동청구 서비스 운영사',
  role: '실손보험 자동청구 대행',
} as const;

/** The records the patient allows the agent to obtain (발급 범위). */
export const RECORD_SCOPE = [
  '진료비 계산서·영수증',
  '진료비 세부산정내역서',
  '처방전(약제비 영수증 포함)',
  '보험사가 보험금 심사에 요구하는 진단서·소견서 등 진료 관련 서류',
] as const;

export interface ClaimDocumentData {
  /** The patient (위임인): name as verified, the RRN masked (900101-1******), phone masked, address. */
  person: { userNm: string; rrnMasked: string; telMasked: string; address: string };
  hospitals: { hospitalCd: string; hospitalNm: string }[];
  insurers: { insuCompCd: string; insuCompNm: string }[];
  /** The records' period: from (YYYYMMDD, the retroactive start) to (YYYYMMDD, the contract end). */
  period: { from: string; to: string };
  /** The date the patient signs (YYYYMMDD, KST). */
  date: string;
  /** The signature (PNG bytes); absent in a preview before signing. */
  signPng?: Uint8Array;
}

const list = (items: string[]) => (items.length ? items.join(', ') : '-');
const pdfDate = (yyyymmdd: string) =>
  new Date(Date.UTC(+yyyymmdd.slice(0, 4), +yyyymmdd.slice(4, 6) - 1, +yyyymmdd.slice(6, 8)));

function personRows(d: ClaimDocumentData): [string, string][] {
  return [
    ['성명', d.person.userNm],
    ['주민등록번호', d.person.rrnMasked],
    ['휴대폰 번호', d.person.telMasked],
    ['주소', d.person.address],
  ];
}

/** 위임장: the patient (위임인) authorises the agent (수임인) to request and receive the records. */
export async function buildCommissionPdf(d: ClaimDocumentData): Promise<Uint8Array> {
  const pdf = await pdfDoc({ title: '위임장', subject: '진료기록 사본 발급 위임', date: pdfDate(d.date) });
  const l = pdf.layout;
  l.title('위 임 장');
  l.heading('위임인 (환자 본인)');
  l.fields(personRows(d));
  l.heading('수임인');
  l.fields([
    ['명칭', AGENT.name],
    ['업무', AGENT.role],
  ]);
  l.heading('위임 내용');
  l.fields([
    ['의료기관', list(d.hospitals.map((h) => `${h.hospitalNm} (${h.hospitalCd})`))],
    ['발급 서류', list([...RECORD_SCOPE])],
    ['대상 기간', `${koreanDate(d.period.from)}부터 ${koreanDate(d.period.to)}까지의 진료분`],
    ['제출처', list(d.insurers.map((i) => i.insuCompNm))],
  ]);
  l.gap(4);
  l.paragraph(
    `본인은 위 수임인에게 위 의료기관에서 받은 진료에 관한 위 서류의 사본 발급 신청과 수령, 그리고 이를 위 보험회사에 ` +
      `실손의료보험금 청구 서류로 제출하는 일을 위임합니다. 이 위임은 보험금 청구 목적에만 쓰이며, 본인이 자동청구를 ` +
      `해지하면 그날부터 효력을 잃습니다.`,
  );
  l.paragraph(
    '의료법 제21조 및 같은 법 시행규칙 제13조의2에 따라 위임장과 함께 환자의 동의서와 신분증 사본을 제출합니다.',
    {
      size: 9,
      muted: true,
    },
  );
  await l.signature({ dateText: koreanDate(d.date), role: '위임인', name: d.person.userNm, png: d.signPng });
  return pdf.save();
}

/** 동의서: the patient consents to the hospital giving the records to the agent, and the agent to the insurers. */
export async function buildConsentPdf(d: ClaimDocumentData): Promise<Uint8Array> {
  const pdf = await pdfDoc({ title: '동의서', subject: '진료기록 열람 및 사본 발급 동의', date: pdfDate(d.date) });
  const l = pdf.layout;
  l.title('동 의 서');
  l.paragraph('진료기록 열람 및 사본 발급, 개인정보 제3자 제공 동의', { muted: true });
  l.heading('환자 (동의인)');
  l.fields(personRows(d));
  l.heading('동의 내용');
  l.fields([
    ['의료기관', list(d.hospitals.map((h) => h.hospitalNm))],
    ['제공받는 자', `${AGENT.name} (${AGENT.role})`],
    ['제공 목적', '실손의료보험금 청구'],
    ['제공 항목', list([...RECORD_SCOPE])],
    ['대상 기간', `${koreanDate(d.period.from)}부터 ${koreanDate(d.period.to)}까지의 진료분`],
    ['최종 제출처', list(d.insurers.map((i) => i.insuCompNm))],
    ['보유 기간', '보험금 청구와 지급이 끝날 때까지, 관계 법령이 정한 기간이 있으면 그 기간까지'],
  ]);
  l.gap(4);
  l.paragraph(
    '본인은 위 의료기관이 위 서류를 위 제공받는 자에게 발급하는 것과, 제공받는 자가 이를 위 보험회사에 보험금 청구 ' +
      '서류로 제출하는 것에 동의합니다. 본인은 동의를 거부할 수 있으며, 거부하면 자동청구를 이용할 수 없습니다. ' +
      '동의는 언제든지 자동청구 해지로 철회할 수 있습니다.',
  );
  await l.signature({ dateText: koreanDate(d.date), role: '동의인', name: d.person.userNm, png: d.signPng });
  return pdf.save();
}
