// /selfAuthSelect: how to verify identity. Telecom SMS now; the list makes room for more methods later.
import { Link, Navigate } from 'react-router';
import { APP_BASE } from '@auto-claim/contract';
import { t, useT } from '../../i18n/t';

// A choice with one option asks nothing: while the telecom SMS is the only method this screen is skipped, forward
// (the terms screen goes straight to /identity) and on Back (README "Accessibility and older patients").
interface Method {
  id: string;
  title: () => string;
  detail: () => string;
  to: string;
}

const METHODS: Method[] = [
  {
    id: 'telecom',
    title: () => t('selfAuth.telecom', '휴대폰 문자로 인증'),
    detail: () => t('selfAuth.telecom.detail', '내 명의 휴대폰으로 받은 인증번호 6자리를 입력해요.'),
    to: `${APP_BASE}/identity`,
  },
];

export default function SelfAuthSelect() {
  const t = useT();
  // One method is no choice: go on to it (replace, so Back from there does not land here again).
  if (METHODS.length === 1) return <Navigate to={METHODS[0]!.to} replace />;
  return (
    <div className="screen">
      <h2 className="screen__lead">{t('selfAuth.lead', '본인인증 방법을 골라 주세요')}</h2>
      <p className="screen__sub">
        {t('selfAuth.sub', '보험금 청구는 본인만 신청할 수 있어서, 한 번 본인인증을 해요.')}
      </p>
      <ul className="choice-list">
        {METHODS.map((m) => (
          <li key={m.id}>
            <Link className="choice" to={m.to}>
              <span className="choice__icon" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="28" height="28">
                  <rect
                    x="6"
                    y="2"
                    width="12"
                    height="20"
                    rx="2.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                  />
                  <circle cx="12" cy="18.5" r="1" fill="currentColor" />
                </svg>
              </span>
              <span className="choice__text">
                <span className="choice__title">{m.title()}</span>
                <span className="choice__detail">{m.detail()}</span>
              </span>
              <span className="choice__chevron" aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
