// Hosts the modal stack, the loading overlay and the toasts, and the API client's 401 → one logout alert (spec §6).
import { Suspense, lazy, useEffect } from 'react';
import { useStore } from 'zustand';
import { useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../api/client';
import { useClaimStore } from '../store/claim';
import { APP_BASE } from '@auto-claim/contract';
import { LoadingOverlay } from './LoadingOverlay';
import { alert, modals } from './modals';
import { ToastHost } from './toast';
import './ui.css';

// The dialogs' code loads with the first modal opened, not with the landing (JS budget of the first screen).
const ModalHost = lazy(() => import('./ModalHost').then((m) => ({ default: m.ModalHost })));

export const LOGOUT_MESSAGE = '로그인 시간이 끝났어요. 처음부터 다시 진행해 주세요.';

export function UiHost() {
  const navigate = useNavigate();
  const hasModals = useStore(modals.store, (s) => s.stack.length > 0);
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
      {hasModals && (
        <Suspense fallback={null}>
          <ModalHost />
        </Suspense>
      )}
      <LoadingOverlay />
      <ToastHost />
    </>
  );
}
