// The screen a hospital desk's QR code opens (README "A helper beside her", desk mode): the token in the address's
// fragment (never sent in a URL, never logged) is taken out of the address at once and exchanged, once, for the walk's
// grant; she then lands on her hospital's landing, the hospital chosen and the desk recorded as her helper. She
// verifies by SMS and signs herself on this phone. A spent or expired code says so politely and offers a way on.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { API, APP_BASE, type DeskHandoffAnswer } from '@auto-claim/contract';
import { api, ApiError } from '../api/client';
import { useT } from '../i18n/t';
import { useClaimStore } from '../store/claim';

/** One exchange per token, however often React runs the effect: a token opens once. */
const exchanges = new Map<string, Promise<DeskHandoffAnswer>>();
const exchange = (token: string) => {
  if (!exchanges.has(token)) exchanges.set(token, api.post<DeskHandoffAnswer>(API.deskHandoff, { token }));
  return exchanges.get(token)!;
};

export default function Desk() {
  const t = useT();
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    const token = window.location.hash.slice(1);
    // Out of the address (and so of the history and any shared link) before anything else.
    if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
    const pending = token ? exchange(token) : Promise.reject(new ApiError(410, undefined));
    pending.then(
      (answer) => {
        useClaimStore.getState().setDesk({
          grant: answer.deskGrant,
          hospitalCd: answer.hospitalCd,
          hospitalNm: answer.hospitalNm,
        });
        navigate(`${APP_BASE}/${answer.hospitalCd}`, { replace: true });
      },
      (e: unknown) =>
        setFailed(
          e instanceof ApiError && (e.status >= 500 || e.status === 0)
            ? t('desk.unavailable', '지금은 연결하지 못했어요. 잠시 후 QR 코드를 다시 찍어 주세요.')
            : t(
                'desk.gone',
                '이 QR 코드는 이미 쓰였거나 10분이 지나 열 수 없어요. 접수대에 새 QR 코드를 부탁하시거나, 아래 버튼으로 바로 가입을 시작하실 수 있어요.',
              ),
        ),
    );
  }, [navigate, t]);

  if (!failed) {
    return (
      <section className="notice-screen" aria-busy="true">
        <h1 className="notice-screen__title" role="status">
          {t('desk.opening', '접수대에서 이어 가고 있어요…')}
        </h1>
      </section>
    );
  }
  return (
    <section className="notice-screen" aria-labelledby="desk-heading">
      <h1 id="desk-heading" className="notice-screen__title">
        {t('desk.goneTitle', 'QR 코드를 열 수 없어요')}
      </h1>
      <p className="notice-screen__text" role="alert">
        {failed}
      </p>
      <Link className="btn btn--primary btn--block" to={`${APP_BASE}/`}>
        {t('desk.startHere', '이 휴대폰에서 가입 시작하기')}
      </Link>
    </section>
  );
}
