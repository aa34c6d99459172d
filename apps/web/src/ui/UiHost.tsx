// Hosts the modal stack, the loading overlay and the toasts, and the API client's 401 → one logout alert (spec §6).
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../api/client';
import { useClaimStore } from '../store/claim';
import { APP_BASE } from '@auto-claim/contract';
import { LoadingOverlay } from './LoadingOverlay';
import { ModalHost } from './ModalHost';
import { alert } from './modals';
import { ToastHost } from './toast';

export const LOGOUT_MESSAGE = '로그인 시간이 끝났어요. 처음부터 다시 진행해 주세요.';

export function UiHost() {
  const navigate = useNavigate();
  useEffect(() => {
    let showing = false;
    setUnauthorizedHandler(() => {
      if (showing) return;
      showing = true;
      void alert(LOGOUT_MESSAGE, { title: '알림' }).then(() => {
        showing = false;
        const { reg, ui } = useClaimStore.getState();
        navigate(ui.prcMode === 'inner' ? `${APP_BASE}/` : `${APP_BASE}/${reg.hospitalCd}`, { replace: true });
      });
    });
  }, [navigate]);
  return (
    <>
      <ModalHost />
      <LoadingOverlay />
      <ToastHost />
    </>
  );
}
