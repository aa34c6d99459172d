// A 401 from any call shows one logout alert at a time (spec §6), then the landing (spec §4). The app shell wires
// this up, so the UI kit only draws the alert and never learns about the API client or the claim store.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../api/client';
import { useClaimStore } from '../store/claim';
import { alert } from '../ui/modals';
import { landingPath } from './rules';
import { t } from '../i18n/t';

export const logoutMessage = () => t('auth.loggedOut', '로그인 시간이 끝났어요. 처음부터 다시 진행해 주세요.');

export function useLogoutAlert() {
  const navigate = useNavigate();
  useEffect(() => {
    let showing = false;
    setUnauthorizedHandler(() => {
      if (showing) return;
      showing = true;
      void alert(logoutMessage(), { title: t('ui.modal.title', '알림') }).then(() => {
        showing = false;
        navigate(landingPath(useClaimStore.getState()), { replace: true });
      });
    });
  }, [navigate]);
}
