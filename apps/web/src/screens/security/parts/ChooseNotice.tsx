// How she hears of her claims ('내 자동청구'): the optional 알림톡 consent (the spec's kakaoNotiCheck), in a bottom
// sheet like the choose-money one. One tap chooses and closes; buttons rather than radios so arrow keys never choose
// by accident. The choices come first and what is sent when after them: at 200 % text on a 320 px phone the note
// alone fills the sheet, and she would open it to find no choice in sight.
import { t, useT } from '../../../i18n/t';
import { SlideBottom } from '../../../ui/SlideBottom';

export const noticeOptions = () =>
  [
    {
      kakao: true,
      title: t('notice.kakao', '카카오 알림톡'),
      detail: t('notice.kakao.detail', '알림톡으로 보내고, 카카오톡으로 받을 수 없으면 같은 내용을 문자로 보내요.'),
    },
    {
      kakao: false,
      title: t('notice.sms', '문자만'),
      detail: t('notice.sms.detail', '카카오톡을 쓰지 않고 문자(SMS/LMS)로만 보내요.'),
    },
  ] as const;

export const noticeName = (kakao: boolean) =>
  kakao ? t('notice.kakao.name', '카카오 알림톡 (안 되면 문자)') : t('notice.sms', '문자만');

export function ChooseNotice({
  open,
  kakao,
  onChoose,
  onClose,
}: {
  open: boolean;
  kakao: boolean;
  onChoose(kakao: boolean): void;
  onClose(): void;
}) {
  const tr = useT();
  return (
    <SlideBottom open={open} onClose={onClose} title={tr('mine.notice', '알림 받는 방법')}>
      <ul className="options">
        {noticeOptions().map((o) => (
          <li key={String(o.kakao)} className="option">
            <button
              type="button"
              className="option__card option__card--button"
              aria-pressed={kakao === o.kakao}
              onClick={() => onChoose(o.kakao)}
            >
              <span className="option__mark" aria-hidden="true" />
              <span className="option__text">
                <span className="option__title">{o.title}</span>
                <span className="option__detail">{o.detail}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <p className="screen__sub sheet-note">
        {tr(
          'notice.when',
          '청구할 때와 보험사가 접수·서류 요청·지급·반려를 알려 올 때 보내요. 보험사의 결과는 오전 8시부터 오후 9시 사이에 알려 드려요.',
        )}
      </p>
    </SlideBottom>
  );
}
