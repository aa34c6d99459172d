// The claim's own pages in its package: the claim form with what insurers' standard 보험금 청구서 asks (피보험자, 청구인,
// 사고·청구 내용, 보험금 받을 계좌, 붙임 서류, 서명), the receipt as the hospital sent it, and the ID copy. The fields
// against the standard form: docs/documents.md.
import type { PDFImage } from 'pdf-lib';
import { CLAIM_DOCUMENT_KIND_NM, LINE_CODE_SYSTEM_NM, formatYmd, type VisitLine } from '@auto-claim/contract';
import { A4, type TextLayout } from '../../documents/index.js';

export interface ClaimFormData {
  claimId: number;
  /** The claim's date (YYYYMMDD, KST): the date it is signed for. */
  date: string;
  amount: number;
  insuCompNm: string;
  hospital: { hospitalCd: string; hospitalNm: string };
  /** The insured: the subscriber's verified identity (common.ts, insuredOf). */
  person: { name: string; birthDate: string; rrnMasked: string };
  /**
   * The name and birth date as the hospital's record carries them, when they are not the subscriber's: a record an
   * operator released to her (README "Operator console", "Held records"). Noted beside, never instead.
   */
  recordedAs?: { name: string; birthDate: string };
  telMasked: string;
  address: string;
  /** The payout account registered at subscription; absent when the subscription keeps none. */
  account?: { bankNm: string; holder: string; relation: string; number: string };
  receipt: {
    receiptNo: string;
    visitDate: string;
    visitType: string;
    department: string;
    kcdCodes: string[];
    coveredCopay: number;
    uncovered: number;
    totalPaid: number;
  };
  /** The visit's 진료비 세부산정내역 as the hospital sent it (intake's lines); absent when it sent none. */
  lines?: VisitLine[];
  /** Visits claimed with this one (a pharmacy's with its clinic's: follow.ts), each with its receipt and lines. */
  joined?: Pick<ClaimFormData, 'hospital' | 'receipt' | 'lines'>[];
  signPng?: Uint8Array;
  /** The signature was typed as the full name, not drawn. */
  signTyped?: boolean;
  /**
   * The child case (README "Children: a guardian claims for a child"): the 피보험자 is a minor and her legal guardian
   * claims and signs (청구인), with the relation written (부, 모, 법정대리인(후견인)).
   */
  claimant?: { name: string; relationNm: string };
}

const won = (n: number) => `${new Intl.NumberFormat('ko-KR').format(n)}원`;

/** The note beside a released record's documents: what the hospital wrote, and why the subscriber is named. */
export function recordedAsNote(d: Pick<ClaimFormData, 'recordedAs'>): string | undefined {
  const r = d.recordedAs;
  if (!r) return undefined;
  return (
    `병원 기록상 이름: ${r.name} (생년월일 ${formatYmd(r.birthDate)}). 의료기관이 보낸 기록의 이름 또는 생년월일이 ` +
    '가입 때 본인인증한 정보와 달라, 자동청구 운영자가 확인한 뒤 피보험자 본인의 진료로 처리했습니다. 이 청구서의 ' +
    '피보험자 정보는 본인인증한 정보입니다.'
  );
}

/** 보험금 청구서: one page. `signature`: d.signPng as an image the document already holds (not decoded again). */
export async function writeClaimForm(l: TextLayout, d: ClaimFormData, signature?: PDFImage) {
  l.formBasis('■ 실손의료보험 보험금 청구서 (보험업계 표준 청구서 항목)');
  l.title('실손의료보험 보험금 청구서');
  l.formTable([
    {
      label: '피보험자 (환자)',
      rows: [
        ['성명', d.person.name],
        ...(d.recordedAs ? [['병원 기록상 이름', d.recordedAs.name] as [string, string]] : []),
        ['주민등록번호', d.person.rrnMasked],
        ['휴대폰 번호', d.telMasked],
        ['주소', d.address],
      ],
    },
    {
      label: d.claimant ? '청구인 (법정대리인)' : '청구인',
      rows: [
        ['성명', d.claimant?.name ?? d.person.name],
        ['피보험자와의 관계', d.claimant ? `${d.claimant.relationNm} (법정대리인)` : '본인'],
      ],
    },
    {
      label: '사고 및 청구 내용',
      rows: [
        ['보험회사', d.insuCompNm],
        ['청구 번호', String(d.claimId)],
        ['사고 유형', '질병 또는 상해 (진료비 영수증 기준)'],
        ['진료일', formatYmd(d.receipt.visitDate)],
        ['의료기관', `${d.hospital.hospitalNm} (요양기관기호 ${d.hospital.hospitalCd})`],
        ['진료 구분', d.receipt.visitType],
        ['진단명 (상병코드)', d.receipt.kcdCodes.join(', ')],
        ['청구 항목', `실손의료비 (${d.receipt.visitType === '입원' ? '입원' : '통원'})`],
        ['청구 금액', won(d.amount)],
      ],
    },
    {
      label: '보험금 받을 계좌',
      rows: d.account
        ? [
            ['은행', d.account.bankNm],
            [
              '예금주',
              `${d.account.holder} (${d.account.relation === '본인' ? '피보험자 본인' : `피보험자의 ${d.account.relation}`})`,
            ],
            ['계좌번호', d.account.number],
          ]
        : [['계좌', '가입 때 등록한 계좌가 없습니다. 보험회사가 피보험자에게 연락합니다.']],
    },
    {
      label: '붙임 서류',
      rows: [
        [
          '서류',
          `진료비 영수증 내역, ${d.lines?.length ? '진료비 세부산정내역, ' : ''}진료기록 사본발급 위임장, 동의서, ` +
            '신분증 사본(보험회사가 요구하는 경우)',
        ],
      ],
    },
  ]);
  const note = recordedAsNote(d);
  if (note) l.paragraph(note, { size: 9, muted: true });
  l.paragraph(
    d.claimant
      ? `위와 같이 미성년자인 피보험자의 법정대리인(${d.claimant.relationNm})으로서 보험금을 청구합니다. ` +
          '개인(신용)정보의 수집·이용·제공에 대한 동의는 자동청구 가입 때 법정대리인이 보험회사별로 했습니다.'
      : '위와 같이 보험금을 청구합니다. 개인(신용)정보의 수집·이용·제공에 대한 동의는 자동청구 가입 때 피보험자가 ' +
          '보험회사별로 했습니다.',
  );
  await l.signature({
    dateText: formatYmd(d.date),
    role: d.claimant ? `청구인(법정대리인, ${d.claimant.relationNm})` : '청구인',
    name: d.claimant?.name ?? d.person.name,
    png: d.signPng,
    ...(signature ? { image: signature } : {}),
    typed: d.signTyped,
  });
  l.addressee(`${d.insuCompNm} 귀중`);
}

/** 진료비 영수증 내역: the receipt as the hospital's system sent it. */
export function writeReceipt(l: TextLayout, d: ClaimFormData) {
  l.formBasis('■ 의료기관이 자동청구로 보낸 진료비 수납 내역');
  l.title('진료비 영수증 내역');
  l.formTable([
    {
      label: '환자',
      rows: [
        ['성명', d.person.name],
        ['생년월일', formatYmd(d.person.birthDate)],
        ...(d.recordedAs
          ? [
              ['병원 기록상 이름', d.recordedAs.name] as [string, string],
              ['병원 기록상 생년월일', formatYmd(d.recordedAs.birthDate)] as [string, string],
            ]
          : []),
      ],
    },
    {
      label: '진료',
      rows: [
        ['의료기관', `${d.hospital.hospitalNm} (요양기관기호 ${d.hospital.hospitalCd})`],
        ['영수증 번호', d.receipt.receiptNo],
        ['진료일', formatYmd(d.receipt.visitDate)],
        ['진료 구분', d.receipt.visitType],
        ['진료과', d.receipt.department],
        ['상병코드 (KCD)', d.receipt.kcdCodes.join(', ')],
      ],
    },
    {
      label: '진료비',
      rows: [
        ['급여 본인부담금', won(d.receipt.coveredCopay)],
        ['비급여', won(d.receipt.uncovered)],
        ['납부한 금액', won(d.receipt.totalPaid)],
      ],
    },
  ]);
  l.paragraph(
    '의료기관이 보낸 수납 내역을 그대로 옮겼습니다. 진료비 계산서·영수증 원본과 세부산정내역서는 의료기관이 발급합니다.',
    {
      size: 9,
      muted: true,
    },
  );
}

const amount = (n: number) => new Intl.NumberFormat('ko-KR').format(n);

/**
 * 진료비 세부산정내역 (the 2018 MOHW 고시's columns: 일자, 코드, 명칭, 단가, 횟수, 일수, 총액, 급여 본인부담·공단부담·
 * 전액본인부담, 비급여), on pages of their own after the receipt, with a total row: the lines as the hospital sent them.
 */
export function writeItemized(l: TextLayout, d: ClaimFormData & { lines: VisitLine[] }) {
  l.formBasis('■ 의료기관이 자동청구로 보낸 진료비 세부산정내역');
  l.title('진료비 세부산정내역');
  l.paragraph(
    `${d.hospital.hospitalNm} (요양기관기호 ${d.hospital.hospitalCd}) · 영수증 번호 ${d.receipt.receiptNo} · ` +
      `진료일 ${formatYmd(d.receipt.visitDate)} · 환자 ${d.person.name}`,
    { size: 9 },
  );
  l.gap(4);
  const sum = (k: 'total' | 'copay' | 'insurer' | 'fullCopay' | 'uncovered') =>
    amount(d.lines.reduce((s, x) => s + x[k], 0));
  const r = 'right' as const;
  l.grid(
    [
      { label: '일자', width: 46 },
      { label: '코드', width: 44 },
      { label: '명칭' },
      { label: '단가', width: 40, align: r },
      { label: '횟수', width: 24, align: r },
      { label: '일수', width: 22, align: r },
      { label: '총액', width: 42, align: r },
      { label: '본인부담', width: 40, align: r },
      { label: '공단부담', width: 40, align: r },
      { label: '전액본인부담', width: 38, align: r },
      { label: '비급여', width: 38, align: r },
    ],
    [
      ...d.lines.map((x) => [
        `${x.date.slice(0, 4)}-${x.date.slice(4, 6)}-${x.date.slice(6, 8)}`,
        x.code,
        `${x.name} (${LINE_CODE_SYSTEM_NM[x.codeSystem]})`,
        amount(x.unitPrice),
        String(x.count),
        String(x.days),
        amount(x.total),
        amount(x.copay),
        amount(x.insurer),
        amount(x.fullCopay),
        amount(x.uncovered),
      ]),
      [
        '합계',
        '',
        `${d.lines.length}줄`,
        '',
        '',
        '',
        sum('total'),
        sum('copay'),
        sum('insurer'),
        sum('fullCopay'),
        sum('uncovered'),
      ],
    ],
    7,
  );
  l.paragraph(
    '의료기관이 보낸 세부산정내역(HIRA EDI 코드)을 그대로 옮겼습니다. 금액 단위는 원입니다. 원본 세부산정내역서는 의료기관이 발급합니다.',
    { size: 9, muted: true },
  );
}

/** The ID copy on a page of its own, fitted into the upper half. */
export function writeIdCopy(l: TextLayout, img: PDFImage) {
  l.newPage();
  l.formBasis('■ 신분증 사본');
  l.title(CLAIM_DOCUMENT_KIND_NM.id_copy);
  const scale = Math.min(l.width / img.width, 320 / img.height, 1);
  l.image(
    img,
    {
      x: (A4.width - img.width * scale) / 2,
      y: l.y - img.height * scale,
      width: img.width * scale,
      height: img.height * scale,
    },
    '피보험자의 신분증 사본',
  );
  l.y -= img.height * scale + 12;
  l.paragraph('이 사본은 실손의료보험금 청구 외의 목적으로 쓸 수 없습니다.', { size: 9, muted: true });
}

/** A corrected or cancelled receipt of a claim already sent, told to an insurer reached by fax (notices.ts). */
export interface ReceiptNotice {
  kind: 'corrected' | 'cancelled';
  /** The correction's or cancellation's own receipt number. */
  receiptNo: string;
  /** The receipt the claim was sent with. */
  replaces: string;
}

/** The notice's page; for a correction, the receipt and its 세부산정내역 as they are now follow on pages of their own. */
export function writeReceiptNotice(l: TextLayout, d: ClaimFormData, n: ReceiptNotice) {
  const corrected = n.kind === 'corrected';
  l.formBasis('■ 자동청구로 이미 보낸 청구의 진료비 영수증이 바뀌었어요');
  l.title(corrected ? '진료비 영수증 정정 통지' : '진료비 영수증 취소 통지');
  l.formTable([
    {
      label: '청구',
      rows: [
        ['청구 번호', String(d.claimId)],
        ['보험사', d.insuCompNm],
        ['청구일', formatYmd(d.date)],
      ],
    },
    {
      label: '피보험자',
      rows: [
        ['성명', d.person.name],
        ['생년월일', formatYmd(d.person.birthDate)],
      ],
    },
    {
      label: '영수증',
      rows: [
        ['의료기관', `${d.hospital.hospitalNm} (요양기관기호 ${d.hospital.hospitalCd})`],
        ['진료일', formatYmd(d.receipt.visitDate)],
        ['처음 보낸 영수증 번호', n.replaces],
        [corrected ? '정정 영수증 번호' : '취소 영수증 번호', n.receiptNo],
        ...(corrected ? [['정정 후 본인 부담 합계', won(d.receipt.totalPaid)] as [string, string]] : []),
      ],
    },
  ]);
  l.paragraph(
    corrected
      ? '의료기관이 이 진료의 영수증을 정정했어요. 다음 쪽의 정정된 영수증과 세부산정내역으로 심사해 주세요.'
      : '의료기관이 이 진료의 영수증을 취소했어요. 취소된 영수증으로 한 청구이니 심사에서 빼 주세요. 이미 지급했다면 보험사의 절차대로 처리해 주세요.',
  );
  if (!corrected) return;
  const now = { ...d, receipt: { ...d.receipt, receiptNo: n.receiptNo } };
  l.newPage();
  writeReceipt(l, now);
  if (d.lines?.length) {
    l.newPage();
    writeItemized(l, { ...now, lines: d.lines });
  }
}
