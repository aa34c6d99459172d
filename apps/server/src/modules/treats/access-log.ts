// The access log as the patient reads it (README, claim engine): audit's lines about them, each told in audit's one
// sentence for its action, with the hospitals' and insurers' names looked up here.
import { HELPER_REL_NM, type AccessLogEntry, type HelperRel } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { accessLogOf as storedAccessLog, accessSentence, type AccessAction } from '../audit/index.js';
import { briefsOf } from '../claims/index.js';
import { hospitalsByCode, insurersByCode } from '../reference/index.js';
import { iso } from './common.js';

/** How many log entries one answer holds (newest first). */
export const ACCESS_LOG_LIMIT = 100;

const ACTOR_NM: Record<string, string> = { patient: '본인', engine: '자동청구', system: '자동청구' };
/** The engine writes actors as `hospital:<code>` and `insurer:<code>`; we (and older rows) may write the bare code. */
const actorCode = (actor: string) => actor.replace(/^(hospital|insurer):/, '');

interface LogLine {
  id: number;
  action: AccessAction;
  actor: string;
  detail: string | null;
  at: Date;
  visitDate: string | null;
  hospitalCd: string | null;
  insuCompCd: string | null;
  origin: 'auto' | 'patient' | null;
}
type Names = { hospital: Map<string, string>; insurer: Map<string, string> };

/** The line the patient reads: its sentence is audit's (one per action), with the names looked up here. */
function describe(e: LogLine, names: Names, who: '본인' | '보호자'): AccessLogEntry {
  const code = actorCode(e.actor);
  const actorNm = e.actor.startsWith('operator')
    ? '운영자'
    : e.actor === 'patient' || e.actor === 'guardian'
      ? who
      : e.actor === 'helper' && e.detail && Object.hasOwn(HELPER_REL_NM, e.detail)
        ? HELPER_REL_NM[e.detail as HelperRel]
        : (ACTOR_NM[e.actor] ?? names.hospital.get(code) ?? names.insurer.get(code) ?? code);
  const visit = e.visitDate ? `${Number(e.visitDate.slice(4, 6))}월 ${Number(e.visitDate.slice(6, 8))}일 ` : '';
  const summary = accessSentence(e.action, {
    who,
    visit,
    detail: e.detail,
    origin: e.origin,
    code,
    hospitalCd: e.hospitalCd,
    insuCompCd: e.insuCompCd,
    hospitalNm: (cd) => (cd ? (names.hospital.get(cd) ?? cd) : '병원'),
    insurerNm: (cd) => (cd ? (names.insurer.get(cd) ?? cd) : '보험사'),
  });
  return {
    logId: String(e.id),
    at: iso(e.at),
    action: e.action.toUpperCase(),
    actorNm,
    summary,
  };
}

/** `who`: 보호자 when the log is a child's, read by her guardian (README "Children: a guardian claims for a child"). */
export async function accessLogOf(ctx: AppContext, ciHmac: string, who: '본인' | '보호자' = '본인') {
  const { rows, total } = await storedAccessLog(ctx.db, ciHmac, ACCESS_LOG_LIMIT);
  const briefs = await briefsOf(
    ctx.db,
    rows.flatMap((r) => (r.recordId ? [r.recordId] : [])),
    rows.flatMap((r) => (r.claimId ? [r.claimId] : [])),
  );
  const lines = rows.map((r): LogLine => {
    const claim = r.claimId ? briefs.claim.get(r.claimId) : undefined;
    const record = briefs.record.get(r.recordId ?? claim?.recordId ?? -1);
    return {
      ...r,
      visitDate: record?.visitDate ?? null,
      hospitalCd: record?.hospitalCd ?? null,
      insuCompCd: claim?.insuCompCd ?? null,
      origin: claim?.origin ?? null,
    };
  });
  const hospitalCds = new Set<string>();
  const insuCompCds = new Set<string>();
  for (const l of lines) {
    if (l.hospitalCd) hospitalCds.add(l.hospitalCd);
    if (l.insuCompCd) insuCompCds.add(l.insuCompCd);
    hospitalCds.add(actorCode(l.actor));
    insuCompCds.add(actorCode(l.actor));
  }
  const [hospitals, insurers] = await Promise.all([
    hospitalsByCode(ctx.db, [...hospitalCds]),
    insurersByCode(ctx.db, [...insuCompCds]),
  ]);
  const names: Names = {
    hospital: new Map(hospitals.map((h) => [h.hospitalCd, h.hospitalNm])),
    insurer: new Map(insurers.map((i) => [i.insuCompCd, i.insuCompNm])),
  };
  return { list: lines.map((l) => describe(l, names, who)), total };
}
