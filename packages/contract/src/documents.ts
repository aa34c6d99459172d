// What the power of attorney (위임장) and the consent (동의서) say, in one place for the screen the patient reads and
// the PDF the server makes (docs/documents.md): a hospital releases a patient's records to someone else only with
// both (의료법 제21조제2항, 같은 법 시행규칙 제13조의3), on the official forms 별지 제9호의3서식 (위임장) and
// 제9호의2서식 (동의서). Their sections, fields and wording follow those forms, filled for this service.
import { GUARDIAN_REL_NM, HELPER_REL_NM, type GuardianRel, type HelperRel } from './vocabulary.js';
import { addMonths, formatYmd } from './dates.js';
import { maskPhone } from './person.js';
import { maskRrn } from './subscription.js';

export type LegalFormKind = 'commission' | 'agree';

/** Who acts for the patient (수임인 of the 위임장, 신청인 of the 동의서): the service operator. */
const AGENT = {
  name: '자동청구 서비스 운영사',
  relation: '환자가 지정한 대리인',
  role: '실손의료보험금 청구 대행',
} as const;

/** The records the patient allows the agent to obtain (진료기록의 종류). */
const RECORD_SCOPE = [
  '진료비 계산서·영수증',
  '진료비 세부산정내역서',
  '처방전(약제비 영수증 포함)',
  '보험사가 보험금 심사에 요구하는 진단서·소견서 등 진료 관련 서류',
] as const;

/** The official names of the two forms: headings on screen, titles of the PDFs. */
export const LEGAL_FORM_TITLES: Record<LegalFormKind, string> = {
  commission: '진료기록 열람 및 사본발급 위임장',
  agree: '진료기록 열람 및 사본발급 동의서',
};

export interface LegalFormData {
  /** The patient: name as verified, RRN and phone masked, address as given. */
  person: { userNm: string; rrnMasked: string; telMasked: string; address: string };
  hospitals: { hospitalCd: string; hospitalNm: string }[];
  insurers: { insuCompCd: string; insuCompNm: string }[];
  /** The records' period: from (YYYYMMDD, the retroactive start) to (YYYYMMDD, the contract end). */
  period: { from: string; to: string };
  /** The date the patient signs (YYYYMMDD, KST). */
  date: string;
  /**
   * The child case (README "Children: a guardian claims for a child"): the patient is a minor and this is her legal
   * guardian (법정대리인), who signs for her, with the relation written (부, 모, 법정대리인(후견인)).
   */
  guardian?: { userNm: string; rrnMasked: string; telMasked: string; relationNm: string };
  /**
   * Who helped her walk the enrolment (README "A helper beside her"), as printed: "자녀", "○○병원 직원 계정 desk01".
   * She verified by SMS and signed herself; the 위임장 says so.
   */
  helpedBy?: string;
}

export interface LegalForm {
  kind: LegalFormKind;
  /** The line above the title that names the official form. */
  basis: string;
  title: string;
  sections: { label: string; rows: [label: string, value: string][] }[];
  statement: string;
  /** The signing date, written out ("2026년 11월 23일"). */
  date: string;
  signer: { role: string; name: string };
  addressee: string;
  attachments: string;
  /** The 위임장's line of who helped her fill it in ("작성 도움: 자녀 …"), when someone did. */
  helpNote?: string;
}

/** The patient's details and the scope as the forms need them, from the enrolment's fields. */
export function legalFormData(d: {
  person: {
    userNm: string;
    birthday: string;
    userIdno2?: string;
    userTel: string;
    userPostNo?: string;
    userAddr?: string;
    userAddrDetail?: string;
  };
  hospitals: { hospitalCd: string; hospitalNm: string }[];
  insurers: { insuCompCd: string; insuCompNm: string }[];
  retroMonth: number;
  contractStartDate: string;
  contractEndDate: string;
  /** The child case: the patient's legal guardian, who signs. */
  guardian?:
    { userNm: string; birthday: string; userIdno2?: string; userTel: string; guardianRel: GuardianRel } | undefined;
  /** Who helped her walk the enrolment, as printed (helpedByText). */
  helpedBy?: string | undefined;
}): LegalFormData {
  const p = d.person;
  const g = d.guardian;
  const address = [p.userPostNo && `(${p.userPostNo})`, p.userAddr, p.userAddrDetail].filter(Boolean).join(' ');
  return {
    person: {
      userNm: p.userNm,
      rrnMasked: p.userIdno2 ? maskRrn(p.birthday, p.userIdno2) : `${p.birthday.slice(2)}-*******`,
      telMasked: maskPhone(p.userTel),
      address: address || '-',
    },
    // One order whatever the source, so a document regenerated later is byte for byte the one hashed at submission.
    hospitals: d.hospitals
      .map((h) => ({ hospitalCd: h.hospitalCd, hospitalNm: h.hospitalNm }))
      .sort((a, b) => (a.hospitalCd < b.hospitalCd ? -1 : 1)),
    insurers: d.insurers
      .map((i) => ({ insuCompCd: i.insuCompCd, insuCompNm: i.insuCompNm }))
      .sort((a, b) => (a.insuCompCd < b.insuCompCd ? -1 : 1)),
    period: { from: addMonths(d.contractStartDate, -d.retroMonth), to: d.contractEndDate },
    date: d.contractStartDate,
    ...(d.helpedBy ? { helpedBy: d.helpedBy } : {}),
    ...(g
      ? {
          guardian: {
            userNm: g.userNm,
            rrnMasked: g.userIdno2 ? maskRrn(g.birthday, g.userIdno2) : `${g.birthday.slice(2)}-*******`,
            telMasked: maskPhone(g.userTel),
            relationNm: GUARDIAN_REL_NM[g.guardianRel],
          },
        }
      : {}),
  };
}

const list = (items: string[]) => (items.length ? items.join(', ') : '-');
const LAW = '「의료법」 제21조제2항 및 같은 법 시행규칙 제13조의3';
const REQUEST_KIND = '□ 열람   ■ 사본발급';

/** The 위임장 (별지 제9호의3서식) or the 동의서 (별지 제9호의2서식), filled. */
export function legalForm(kind: LegalFormKind, d: LegalFormData): LegalForm {
  const patientRows: [string, string][] = [
    ['성명', d.person.userNm],
    ['주민등록번호', d.person.rrnMasked],
    ['주소', d.person.address],
    ['전화번호', d.person.telMasked],
  ];
  const period = `${formatYmd(d.period.from)}부터 ${formatYmd(d.period.to)}까지의 진료분`;
  const g = d.guardian;
  // A minor's forms: her legal guardian signs for her, named beside her with the relation (의료법 시행규칙 제13조의3).
  const guardianSection = g
    ? [
        {
          label: '법정대리인 (환자를 대리하여 서명)',
          rows: [
            ['성명', g.userNm],
            ['환자와의 관계', `${g.relationNm} (법정대리인)`],
            ['주민등록번호', g.rrnMasked],
            ['전화번호', g.telMasked],
          ] as [string, string][],
        },
      ]
    : [];
  const patientRowsOf = g ? patientRows.filter(([label]) => label !== '전화번호') : patientRows;
  const asGuardian = g ? `위 환자 ${d.person.userNm}의 법정대리인(${g.relationNm})으로서 ` : '';
  const insurers = list(d.insurers.map((i) => i.insuCompNm));
  const common = {
    kind,
    title: LEGAL_FORM_TITLES[kind],
    date: formatYmd(d.date),
    // The head of each hospital, as the forms are addressed ("한빛정형외과의원장 귀하").
    addressee: `${list(d.hospitals.map((h) => `${h.hospitalNm}장`))} 귀하`,
  };
  if (kind === 'commission') {
    return {
      ...common,
      basis: '■ 의료법 시행규칙 [별지 제9호의3서식]',
      sections: [
        { label: '위임인 (환자)', rows: patientRowsOf },
        ...guardianSection,
        {
          label: '수임인 (대리인)',
          rows: [
            ['성명(명칭)', AGENT.name],
            ['환자와의 관계', AGENT.relation],
            ['업무', AGENT.role],
          ],
        },
        {
          label: '위임 내용',
          rows: [
            ['의료기관', list(d.hospitals.map((h) => `${h.hospitalNm} (요양기관기호 ${h.hospitalCd})`))],
            ['신청 구분', REQUEST_KIND],
            ['진료기록의 종류', list([...RECORD_SCOPE])],
            ['진료 기간', period],
            ['사용 목적', `실손의료보험금 청구 (제출처: ${insurers})`],
          ],
        },
      ],
      statement:
        `본인은 ${asGuardian}${LAW}에 따라 위 수임인에게 위 의료기관에서 ${g ? '환자가 ' : ''}받은 진료에 관한 ` +
        '위 진료기록의 사본 발급 신청과 ' +
        `수령을 위임합니다. 수임인은 발급받은 서류를 위 보험회사에 실손의료보험금 청구 서류로 제출하는 데에만 쓰며, ` +
        `이 위임은 본인이 자동청구를 해지한 날부터 효력을 잃습니다.`,
      signer: g
        ? { role: `위임인(환자) ${d.person.userNm}의 법정대리인(${g.relationNm})`, name: g.userNm }
        : { role: '위임인(환자)', name: d.person.userNm },
      attachments: g
        ? '첨부서류: 1. 진료기록 열람 및 사본발급 동의서 1부  2. 법정대리인의 신분증 사본 1부  3. 가족관계증명서 등 법정대리인임을 확인할 수 있는 서류 1부'
        : '첨부서류: 1. 진료기록 열람 및 사본발급 동의서 1부  2. 환자의 신분증 사본 1부',
      ...(d.helpedBy
        ? {
            helpNote: `작성 도움: ${d.helpedBy} (휴대폰 본인인증과 서명은 ${g ? '법정대리인' : '위임인'}이 직접 함)`,
          }
        : {}),
    };
  }
  return {
    ...common,
    basis: '■ 의료법 시행규칙 [별지 제9호의2서식]',
    sections: [
      { label: g ? '환자' : '환자 (동의인)', rows: patientRowsOf },
      ...(g ? [{ ...guardianSection[0]!, label: '법정대리인 (동의인)' }] : []),
      {
        label: '신청인 (대리인)',
        rows: [
          ['성명(명칭)', AGENT.name],
          ['환자와의 관계', `${AGENT.relation} (${AGENT.role})`],
        ],
      },
      {
        label: '동의 내용',
        rows: [
          ['의료기관', list(d.hospitals.map((h) => h.hospitalNm))],
          ['신청 구분', REQUEST_KIND],
          ['진료기록의 종류', list([...RECORD_SCOPE])],
          ['진료 기간', period],
          ['사용 목적', '실손의료보험금 청구'],
          ['최종 제출처', insurers],
          ['보유 기간', '보험금 청구와 지급이 끝날 때까지, 관계 법령이 정한 기간이 있으면 그 기간까지'],
        ],
      },
    ],
    statement:
      `본인은 ${asGuardian}${LAW}에 따라 위 신청인이 위 의료기관에서 ${g ? '환자' : '본인'}의 진료기록 사본을 발급받는 것과, 신청인이 이를 위 ` +
      '보험회사에 보험금 청구 서류로 제출하는 것에 동의합니다. 본인은 동의를 거부할 수 있으며, 거부하면 자동청구를 ' +
      '이용할 수 없습니다. 동의는 언제든지 자동청구 해지로 철회할 수 있습니다.',
    signer: g
      ? { role: `동의인(환자 ${d.person.userNm}의 법정대리인, ${g.relationNm})`, name: g.userNm }
      : { role: '동의인(환자)', name: d.person.userNm },
    attachments: g
      ? '첨부서류: 1. 법정대리인의 신분증 사본 1부  2. 가족관계증명서 등 법정대리인임을 확인할 수 있는 서류 1부'
      : '첨부서류: 환자의 신분증 사본 1부',
  };
}

/**
 * Who helped, as the 위임장, her access log and the console write it: the relation ("자녀"), or for a hospital desk
 * its staff account ("한빛정형외과의원 직원 계정 desk01").
 */
export function helpedByText(h: { helperRel: HelperRel; staffLoginId?: string | null; hospitalNm?: string | null }) {
  if (h.staffLoginId) return `${h.hospitalNm ?? '병원'} 직원 계정 ${h.staffLoginId}`;
  return HELPER_REL_NM[h.helperRel];
}
