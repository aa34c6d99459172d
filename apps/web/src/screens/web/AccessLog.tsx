// The access log on /web/treat: every release of the patient's records and every delivery, which nobody can change;
// its lines as the server words them in her language (the history is asked for again when she switches).
import { useState } from 'react';
import type { AccessLogEntry } from '@auto-claim/contract';
import { useT } from '../../i18n/t';
import { at } from './treatFormat';

/** How many log entries show before "더 보기". */
const LOG_FIRST = 10;

/** The patient's own log, or (childNm) that of a child she is the guardian of. */
export function AccessLog({
  entries,
  total,
  childNm,
}: {
  entries: AccessLogEntry[];
  total: number;
  childNm?: string | undefined;
}) {
  const t = useT();
  const [all, setAll] = useState(false);
  const shown = all ? entries : entries.slice(0, LOG_FIRST);
  return (
    <section className="tr-section" aria-labelledby="log-title">
      <h2 id="log-title" className="tr-section__title">
        {childNm
          ? t('accessLog.child.title', '{name}의 진료 기록 열람·전송 기록', { name: childNm })
          : t('accessLog.title', '내 진료 기록 열람·전송 기록')}
      </h2>
      <p className="tr-section__sub">
        {childNm
          ? t(
              'accessLog.child.text',
              '{name}의 진료 기록을 누가 받고 보냈는지 모두 남겨요. 이 기록은 고치거나 지울 수 없어요.',
              { name: childNm },
            )
          : t('accessLog.text', '내 진료 기록을 누가 받고 보냈는지 모두 남겨요. 이 기록은 고치거나 지울 수 없어요.')}
      </p>
      {entries.length === 0 ? (
        <p className="tr-empty">{t('accessLog.empty', '아직 기록이 없어요.')}</p>
      ) : (
        <ol className="tr-log">
          {shown.map((e) => (
            <li key={e.logId} className="tr-log__item">
              <time className="tr-log__time" dateTime={e.at}>
                {at(e.at)}
              </time>
              <span className="tr-log__text">{e.localSummary}</span>
              <span className="tr-log__actor">{e.localActorNm}</span>
            </li>
          ))}
        </ol>
      )}
      {!all && entries.length > LOG_FIRST && (
        <button type="button" className="btn btn--ghost btn--block" onClick={() => setAll(true)}>
          {t('accessLog.more', '기록 더 보기 ({count}건)', { count: Math.min(total, entries.length) - LOG_FIRST })}
        </button>
      )}
    </section>
  );
}
