// The access log as the patient reads it (README, claim engine): audit's lines about them, each told in audit's one
// sentence for its action, with the hospitals' and insurers' names looked up here; in Korean (`summary`, `actorNm`)
// and in the language she reads (`localSummary`, `localActorNm`: docs/decisions/0010-message-catalogs.md).
import { HELPER_RELS, type AccessLogEntry, type HelperRel } from '@auto-claim/contract';
import {
  LOG_ACTOR_HELPER,
  LOG_ACTOR_OPERATOR,
  LOG_ACTOR_SERVICE,
  LOG_ACTOR_WHO,
  LOG_SOME_HOSPITAL,
  LOG_SOME_INSURER,
  SOURCE_LANG,
  dayIn,
  messageIn,
  type Lang,
} from '@auto-claim/contract/i18n';
import type { AppContext } from '../../context.js';
import { accessLogOf as storedAccessLog, accessSentence, type AccessAction } from '../audit/index.js';
import { briefsOf } from '../claims/index.js';
import { hospitalsByCode, insurersByCode } from '../reference/index.js';
import { iso } from './common.js';

/** How many log entries one answer holds (newest first). */
export const ACCESS_LOG_LIMIT = 100;

/** The actors that are the service itself. */
const SERVICE_ACTORS = new Set(['engine', 'system']);
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

/** Who acted, as the line names them in `lang`: an operator, the service, her, her helper, or a hospital or insurer. */
function actorOf(e: LogLine, names: Names, who: '본인' | '보호자', lang: Lang) {
  const code = actorCode(e.actor);
  if (e.actor.startsWith('operator')) return messageIn(lang, LOG_ACTOR_OPERATOR);
  if (e.actor === 'patient' || e.actor === 'guardian') {
    return messageIn(lang, LOG_ACTOR_WHO, { who: who === '본인' ? 'self' : 'guardian' });
  }
  if (e.actor === 'helper' && e.detail && (HELPER_RELS as readonly string[]).includes(e.detail)) {
    return messageIn(lang, LOG_ACTOR_HELPER, { rel: e.detail as HelperRel });
  }
  if (SERVICE_ACTORS.has(e.actor)) return messageIn(lang, LOG_ACTOR_SERVICE);
  return names.hospital.get(code) ?? names.insurer.get(code) ?? code;
}

/** The line's sentence in `lang`: audit's (one per action), with the names looked up here. */
function sentenceOf(e: LogLine, names: Names, who: '본인' | '보호자', lang: Lang) {
  const d = e.visitDate;
  // Korean's own "6월 1일"; CLDR's day in another language ("June 1").
  const visit = !d
    ? ''
    : lang === SOURCE_LANG
      ? `${Number(d.slice(4, 6))}월 ${Number(d.slice(6, 8))}일`
      : dayIn(lang, d);
  return accessSentence(e.action, {
    lang,
    who,
    visit,
    detail: e.detail,
    origin: e.origin,
    code: actorCode(e.actor),
    hospitalCd: e.hospitalCd,
    insuCompCd: e.insuCompCd,
    hospitalNm: (cd) => (cd ? (names.hospital.get(cd) ?? cd) : messageIn(lang, LOG_SOME_HOSPITAL)),
    insurerNm: (cd) => (cd ? (names.insurer.get(cd) ?? cd) : messageIn(lang, LOG_SOME_INSURER)),
  });
}

/** The line the patient reads: in Korean, and again in `lang` (her language). */
function describe(e: LogLine, names: Names, who: '본인' | '보호자', lang: Lang): AccessLogEntry {
  const summary = sentenceOf(e, names, who, SOURCE_LANG);
  const actorNm = actorOf(e, names, who, SOURCE_LANG);
  return {
    logId: String(e.id),
    at: iso(e.at),
    action: e.action.toUpperCase(),
    actorNm,
    summary,
    localActorNm: lang === SOURCE_LANG ? actorNm : actorOf(e, names, who, lang),
    localSummary: lang === SOURCE_LANG ? summary : sentenceOf(e, names, who, lang),
  };
}

/**
 * `who`: 보호자 when the log is a child's, read by her guardian (README "Children: a guardian claims for a child");
 * `lang`: the language she reads (the request's).
 */
export async function accessLogOf(
  ctx: AppContext,
  ciHmac: string,
  who: '본인' | '보호자' = '본인',
  lang: Lang = SOURCE_LANG,
) {
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
  return { list: lines.map((l) => describe(l, names, who, lang)), total, lang };
}
