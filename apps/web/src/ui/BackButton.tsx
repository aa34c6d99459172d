import { useNavigate } from 'react-router';
import { useT } from '../i18n/t';

/** The header's back arrow: one step back in the browser's history, as the phone's own back gesture would. */
export function BackButton() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="app-header__back"
      onClick={() => navigate(-1)}
      aria-label={t('ui.back', '이전 화면으로')}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          d="M15 5l-7 7 7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
