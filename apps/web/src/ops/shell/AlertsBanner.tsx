// Above every screen, for everyone signed in: what is over its alert bound now (dead letters waiting for an operator,
// a queue whose oldest due item waited too long). The bounds are the shipped Prometheus rules' (ALERT_BOUNDS), so the
// console and the on-call pager speak of the same thing (docs/operations.md, "Alerts").
import { Link } from 'react-router';
import { HOSPITAL_ALERT_NM, type AlertsAnswer } from '@auto-claim/contract/ops';
import { useAlerts } from '../api/alerts';
import { mayUse, useMe } from '../auth/session';

const DEAD_NM: Record<AlertsAnswer['deadLetters'][number]['kind'], { nm: string; to: string }> = {
  claims: { nm: '보험사에 가지 못한 청구', to: '/dead-letters' },
  notifications: { nm: '환자에게 가지 못한 알림톡', to: '/notifications/dead-letters' },
};
const QUEUE_NM: Record<string, string> = {
  records_to_match: '청구로 만들 진료 기록',
  deliveries_due: '보험사에 보낼 청구',
  faxes_awaiting_outcome: '결과를 기다리는 팩스',
};
const queueNm = (q: string) => QUEUE_NM[q] ?? `작업 대기열 ${q.replace(/^job:/, '')}`;
const minutes = (s: number) =>
  s < 3600 ? `${Math.floor(s / 60)}분` : `${Math.floor(s / 3600)}시간 ${Math.floor((s % 3600) / 60)}분`;

export function AlertsBanner() {
  const me = useMe();
  // Operators' only: a hospital user is told of her own feed by 알림톡 and sees it on her screen.
  const alerts = useAlerts(mayUse(me.data, 'viewer'));
  const a = alerts.data;
  const hospitals = a?.hospitals ?? [];
  if (!a || (a.deadLetters.length === 0 && a.queues.length === 0 && hospitals.length === 0)) return null;
  const canOpen = mayUse(me.data, 'operator');
  return (
    <section className="ops-alerts" aria-labelledby="ops-alerts-title">
      <h2 id="ops-alerts-title">확인이 필요해요</h2>
      <ul>
        {a.deadLetters.map((d) => (
          <li key={d.kind}>
            {canOpen ? <Link to={DEAD_NM[d.kind].to}>{DEAD_NM[d.kind].nm}</Link> : DEAD_NM[d.kind].nm}{' '}
            {d.count.toLocaleString('ko-KR')}건이 처리를 기다려요. 다시 보내거나 처리 완료로 표시해 주세요.
          </li>
        ))}
        {a.queues.map((q) => (
          <li key={q.queue}>
            {queueNm(q.queue)} 중 가장 오래된 일이 {minutes(q.oldestAgeSeconds)}째 기다려요 (기준 {minutes(q.bound)}).
            워커가 멈췄거나 모자랄 수 있어요.
          </li>
        ))}
        {hospitals.map((h) => (
          <li key={`${h.hospitalCd}-${h.kind}`}>
            <Link to={`/hospitals/${h.hospitalCd}`}>{h.hospitalNm}</Link>: {HOSPITAL_ALERT_NM[h.kind]} (병원 담당자에게
            알림톡을 보냈어요).
          </li>
        ))}
      </ul>
    </section>
  );
}
