// One claim of a visit on /web/treat: its insurer, status and amounts, why, and what the patient does next (the ID
// copy sent here, other papers to the insurer, whose number is given).
import { Link } from 'react-router';
import {
  APP_BASE,
  SOURCE_LANG,
  REQUESTED_DOCUMENT_NM,
  phoneNumberNm,
  requestedDocumentsOf,
  wordPayoutSentence,
  type PayoutSentence,
  type RequestedDocument,
  type TreatClaim,
  type TreatVisit,
} from '@auto-claim/contract';
import { particle } from '../../i18n/josa';
import { t as tNow, useCatalogMessage, useT } from '../../i18n/t';
import { at, dayOf, shortDay, won } from './treatFormat';
import { CLAIM_STATUS, PAYOUT_VERDICT, POLICY_GENERATION_SHORT, REASON_BY, REQUESTED_DOCUMENT, term } from './words';

const STATUS_TONE: Record<TreatClaim['status'], 'progress' | 'done' | 'bad'> = {
  received: 'progress',
  claimed: 'progress',
  sent: 'progress',
  accepted: 'done',
  documents_requested: 'progress',
  paid: 'done',
  rejected: 'bad',
  failed: 'bad',
  withdrawn: 'bad',
};

/** The insurer and, when known, its number: "삼성화재 고객센터(1588-5114)". */
const callCentre = (c: TreatClaim) =>
  c.insuCallCenter
    ? tNow('claim.callCentre.phone', '{insurer} 고객센터({phone})', { insurer: c.insuCompNm, phone: c.insuCallCenter })
    : tNow('claim.callCentre', '{insurer} 고객센터', { insurer: c.insuCompNm });
/** The server's reason names the papers in Korean (REQUESTED_DOCUMENT_NM): matched in Korean. */
const ID_COPY = REQUESTED_DOCUMENT_NM.id_copy;
/** Papers other than the ID copy among what the insurer asked for (the ID copy goes through /web/IDPhoto). */
const otherPapers = (reason: string | null) => Boolean(reason?.replace(ID_COPY, '').replace(/[\s,·]/g, ''));

/**
 * A claim that carries other visits too (a clinic's with the pharmacy's that filled its 처방전, README "A pharmacy
 * follows its clinic"): said, so that a claim larger than this visit's receipt, or one this visit shares, is no puzzle.
 */
function CarriedWith({ claim }: { claim: TreatClaim }) {
  const t = useT();
  if (claim.with.length === 0) return null;
  const others = claim.with.map((v) =>
    t('claim.with.one', '{hospital}에서 {day}에 낸 {amount}', {
      hospital: v.hospitalNm,
      day: shortDay(v.treatDate),
      amount: won(v.paidAmt),
    }),
  );
  const claimAmt = term('claimAmt');
  return (
    <p className="tr-claim__with">
      {t('claim.with', '이 청구에는 {others}도 함께 들어 있어요.', { others: others.join(', ') })}{' '}
      {claim.with.length === 1
        ? t('claim.with.two', '{term}{termJosa} 두 영수증을 더한 금액이에요.', {
            term: claimAmt,
            termJosa: particle(claimAmt, '은/는'),
          })
        : t('claim.with.all', '{term}{termJosa} 영수증을 모두 더한 금액이에요.', {
            term: claimAmt,
            termJosa: particle(claimAmt, '은/는'),
          })}
    </p>
  );
}

/**
 * What the patient does next, by the claim's status, in words (every claim says its next step). Only what
 * the product does: the ID copy is sent here; other papers go to the insurer directly, whose number is given.
 */
function NextStep({ claim, idRequested }: { claim: TreatClaim; idRequested: boolean }) {
  const t = useT();
  let text: string;
  switch (claim.status) {
    case 'received':
    case 'claimed':
      text = t('claim.next.received', '보험사에 보낼 청구서를 만들고 있어요. 따로 하실 일은 없어요.');
      break;
    case 'sent':
      text = t('claim.next.sent', '보험사에 청구서를 보냈어요. 보험사가 접수하고 심사해요. 따로 하실 일은 없어요.');
      break;
    case 'accepted':
      text = t(
        'claim.next.accepted',
        '보험사가 심사하고 있어요. 결과가 나오면 이 화면에서 볼 수 있어요. 따로 하실 일은 없어요.',
      );
      break;
    case 'paid':
      text = t('claim.next.paid', '보험금은 자동청구에 등록한 계좌로 보내져요. 따로 하실 일은 없어요.');
      break;
    case 'rejected':
      text = t(
        'claim.next.rejected',
        '반려 사유가 이해되지 않거나 다시 청구하고 싶으시면 {callCentre}에 전화해 주세요.',
        {
          callCentre: callCentre(claim),
        },
      );
      break;
    case 'documents_requested':
      if (claim.documents.length > 0) return <Papers claim={claim} idRequested={idRequested} />;
      text = [
        idRequested ? t('claim.next.idHere', '신분증 사본은 아래 버튼을 눌러 여기에서 보낼 수 있어요.') : '',
        otherPapers(claim.reason)
          ? t(
              'claim.next.otherPapers',
              '그 밖의 서류는 병원에서 발급받아 보험사에 직접 보내야 해요. 보내는 방법은 {callCentre}에 물어봐 주세요.',
              { callCentre: callCentre(claim) },
            )
          : '',
      ]
        .filter(Boolean)
        .join(' ');
      if (!text) {
        text = t('claim.next.ask', '보내실 서류와 방법은 {callCentre}에 물어봐 주세요.', {
          callCentre: callCentre(claim),
        });
      }
      break;
    case 'failed':
      text = t('claim.next.none', '따로 하실 일은 없어요.');
      break;
    case 'withdrawn':
      text = t(
        'claim.next.withdrawn',
        '병원이 영수증을 취소해서 보험사에 보내지 않았어요. 궁금하시면 병원에 물어봐 주세요.',
      );
      break;
  }
  return (
    <div className="tr-next">
      <p>
        <strong className="tr-next__label">{t('claim.next', '다음 할 일')}</strong> {text}
      </p>
      {claim.status === 'documents_requested' && idRequested && (
        <Link className="btn btn--primary btn--block" to={`${APP_BASE}/web/IDPhoto`}>
          {t('claim.sendIdCopy', '{insurer}에 신분증 사본 보내기', { insurer: claim.insuCompNm })}
        </Link>
      )}
    </div>
  );
}

/**
 * The papers an insurer asked for, each with where and how it goes: the ID copy uploaded here; the others issued by
 * the hospital and faxed to the insurer with the claim number on the first page (or, without a known fax, asked of
 * its customer centre).
 */
function Papers({ claim, idRequested }: { claim: TreatClaim; idRequested: boolean }) {
  const t = useT();
  const others = claim.documents.filter((d) => d !== 'id_copy');
  const name = (d: string) => REQUESTED_DOCUMENT[d as RequestedDocument]?.() ?? d;
  return (
    <div className="tr-next">
      <p>
        <strong className="tr-next__label">{t('claim.next', '다음 할 일')}</strong>{' '}
        {t('claim.papers.lead', '{insurer}에 아래 서류를 보내 주세요.', { insurer: claim.insuCompNm })}
      </p>
      <ul className="tr-papers" aria-label={t('claim.papers.label', '보낼 서류와 보내는 방법')}>
        {claim.documents.includes('id_copy') && (
          <li>
            <strong>{REQUESTED_DOCUMENT.id_copy()}</strong>: {t('claim.papers.idCopy', '이 앱에서 사진을 찍어 올려요.')}
          </li>
        )}
        {others.map((d) => (
          <li key={d}>
            <strong>{name(d)}</strong>:{' '}
            {claim.insuFaxNo
              ? t('claim.papers.fax', '병원에서 발급받아 {insurer} 팩스 {fax}로 보내요.', {
                  insurer: claim.insuCompNm,
                  fax: phoneNumberNm(claim.insuFaxNo),
                })
              : t('claim.papers.ask', '병원에서 발급받아 {callCentre}에 보내는 곳을 물어보고 보내요.', {
                  callCentre: callCentre(claim),
                })}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <p className="tr-papers__claimno">
          {t(
            'claim.papers.claimNo',
            '팩스 첫 장에 청구번호({claimId})를 꼭 적어 주세요. 보험사가 어느 청구의 서류인지 알 수 있어요.',
            { claimId: claim.claimId },
          )}
        </p>
      )}
      {idRequested && (
        <Link className="btn btn--primary btn--block" to={`${APP_BASE}/web/IDPhoto`}>
          {t('claim.sendIdCopy', '{insurer}에 신분증 사본 보내기', { insurer: claim.insuCompNm })}
        </Link>
      )}
    </div>
  );
}

/**
 * A paid amount below the claim, explained with what the record supports: 실손 keeps a deductible (공제금액) back and
 * may not cover some 비급여; the exact reckoning is the insurer's, and it is named with its number.
 */
function Shortfall({ claim, visit }: { claim: TreatClaim; visit: TreatVisit }) {
  const t = useT();
  const less = claim.claimAmt - (claim.paidAmt ?? 0);
  return (
    <div className="tr-why">
      <p className="tr-why__lead">
        {t('claim.short.lead', '{term}보다 {amount} 적게 받았어요.', { term: term('claimAmt'), amount: won(less) })}
      </p>
      <ul className="tr-why__list">
        <li>
          {t(
            'claim.short.deductible',
            '실손보험은 보험금을 줄 때 진료비에서 {term}(가입한 상품에 따라 보통 1만~3만 원)을 빼요.',
            { term: term('deductible') },
          )}
        </li>
        {visit.uncoveredAmt > 0 && (
          <li>
            {t(
              'claim.short.uncovered',
              '이 진료의 {term} {amount} 가운데 가입한 보험이 보장하지 않는 항목이 있으면 그만큼 빼요.',
              { term: term('uncovered'), amount: won(visit.uncoveredAmt) },
            )}
          </li>
        )}
      </ul>
      <p>
        {t('claim.short.ask', '정확히 얼마를 왜 뺐는지는 {callCentre}에서 알려 줘요.', {
          callCentre: callCentre(claim),
        })}
      </p>
    </div>
  );
}

/** The payout's sentences as she reads them: the server's Korean as it wrote it, or its catalog lines said in hers. */
function useSentences(korean: string[], lines: PayoutSentence[] | null | undefined) {
  const { lang, say } = useCatalogMessage();
  return lang === SOURCE_LANG || !lines ? korean : lines.map((l) => wordPayoutSentence(l, lang, say));
}

/**
 * The insurer's answer set beside the estimate (docs/payout-rules.md): the same, more, or less with each difference
 * named, or what to ask the insurer and a way to call it.
 */
function Verdict({
  comparison: c,
  lines,
}: {
  comparison: NonNullable<NonNullable<TreatClaim['payout']>['comparison']>;
  lines: PayoutSentence[] | null | undefined;
}) {
  const t = useT();
  const sentences = useSentences(c.sentences, lines);
  return (
    <div className={`tr-verdict tr-verdict--${c.verdict}`}>
      <p className="tr-verdict__title">{PAYOUT_VERDICT[c.verdict]()}</p>
      {sentences.map((s, i) => (
        <p key={i}>{s}</p>
      ))}
      {c.ask?.phone && (
        <a className="btn btn--secondary btn--block" href={`tel:${c.ask.phone.replace(/\D/g, '')}`}>
          {t('claim.callInsurer', '{insurer} 고객센터에 전화하기', { insurer: c.ask.insurerNm })}
        </a>
      )}
    </div>
  );
}

/** How the estimate was reckoned, one sentence each, folded: most want the amount, some the why. */
function Reckoning({
  payout: p,
  lines,
}: {
  payout: NonNullable<TreatClaim['payout']>;
  lines: PayoutSentence[] | undefined;
}) {
  const t = useT();
  const explanation = useSentences(p.explanation, lines);
  return (
    <details className="tr-reckoning">
      <summary>
        {p.estimate === null
          ? t('claim.reckoning.unknown', '받을 금액을 미리 알고 싶으세요?')
          : t('claim.reckoning', '예상 금액은 이렇게 셈했어요')}
      </summary>
      <ul>
        {explanation.map((s, i) => (
          <li key={i}>{s}</li>
        ))}
      </ul>
      {p.policyGeneration && (
        <p className="tr-reckoning__note">
          {t(
            'claim.reckoning.note',
            '{generation} 실손보험의 표준약관으로 셈한 예상이에요. 가입하신 상품에 따라 다를 수 있어요.',
            { generation: POLICY_GENERATION_SHORT[p.policyGeneration]() },
          )}
        </p>
      )}
    </details>
  );
}

/**
 * Why the claim is where it is, in someone else's words (the server made them safe: one line, no link), saying who
 * wrote them: the insurer, or an operator who recorded what the insurer said (docs/security.md).
 */
function Reason({ claim }: { claim: TreatClaim }) {
  const t = useT();
  if (!claim.reason) return null;
  const by = claim.reasonBy ? REASON_BY[claim.reasonBy]() : null;
  if (claim.status === 'documents_requested') {
    const { documents, note } = requestedDocumentsOf(claim.reason);
    const names = documents.map((d) => REQUESTED_DOCUMENT[d]()).join(', ');
    return (
      <>
        {names && (
          <p className="tr-claim__reason">
            <strong>{t('claim.reason.papers', '보험사가 요청한 서류:')} </strong>
            {names}
          </p>
        )}
        {(note || !names) && (
          <p className="tr-claim__reason">
            <strong>{by ? `${by.note}: ` : ''}</strong>
            {note || claim.reason}
          </p>
        )}
      </>
    );
  }
  return (
    <p className={`tr-claim__reason${claim.status === 'rejected' ? ' tr-claim__reason--bad' : ''}`}>
      <strong>
        {claim.status === 'rejected'
          ? `${by ? t('claim.reason.rejectedBy', '반려 사유({by})', { by: by.note }) : t('claim.reason.rejected', '반려 사유')}: `
          : ''}
      </strong>
      {claim.reason}
    </p>
  );
}

export function ClaimRow({
  claim,
  visit,
  idRequested,
}: {
  claim: TreatClaim;
  visit: TreatVisit;
  idRequested: boolean;
}) {
  const t = useT();
  const paid = claim.status === 'paid' && claim.paidAmt !== null;
  return (
    <li className="tr-claim">
      <div className="tr-claim__head">
        <span className="tr-claim__insurer">{claim.insuCompNm}</span>
        <span className={`tr-badge tr-badge--${STATUS_TONE[claim.status]}`}>{CLAIM_STATUS[claim.status]()}</span>
      </div>
      <dl className="tr-money">
        <div>
          <dt>{term('claimAmt')}</dt>
          <dd>
            {won(claim.claimAmt)}
            {claim.origin === 'patient' && <span className="tr-money__note"> · {t('claim.byHand', '직접 청구')}</span>}
          </dd>
        </div>
        {claim.payout?.estimate != null && (
          <div>
            <dt>{term('estimate')}</dt>
            <dd>{won(claim.payout.estimate)}</dd>
          </div>
        )}
        {paid && (
          <div className="tr-money__paid">
            <dt>{term('paid')}</dt>
            <dd>{won(claim.paidAmt!)}</dd>
          </div>
        )}
      </dl>
      <CarriedWith claim={claim} />
      {paid && claim.paidAt && (
        <p className="tr-claim__when">
          {t('claim.paidOn', '{day}에 보험사가 지급했다고 알려 왔어요.', { day: dayOf(claim.paidAt) })}
        </p>
      )}
      {paid && claim.payout?.comparison && (
        <Verdict comparison={claim.payout.comparison} lines={claim.payoutSentences?.comparison} />
      )}
      {paid && !claim.payout?.comparison && claim.paidAmt! < claim.claimAmt && (
        <Shortfall claim={claim} visit={visit} />
      )}
      {claim.payout && <Reckoning payout={claim.payout} lines={claim.payoutSentences?.explanation} />}
      <Reason claim={claim} />
      <NextStep claim={claim} idRequested={idRequested} />
      {claim.history.length > 0 && (
        <details className="tr-history">
          <summary>{t('claim.history', '진행 기록 보기')}</summary>
          <ol>
            {claim.history.map((h, i) => (
              <li key={i}>
                <time dateTime={h.at}>{at(h.at)}</time> {CLAIM_STATUS[h.status]()}
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}
