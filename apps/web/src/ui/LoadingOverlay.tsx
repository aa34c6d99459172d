import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { loadingStore } from './loadingStore';
import { useT } from '../i18n/t';

/** Appears only after 300 ms so quick calls do not flicker. */
const SHOW_AFTER_MS = 300;

export function LoadingOverlay() {
  const t = useT();
  const busy = useStore(loadingStore, (s) => s.count > 0);
  const message = useStore(loadingStore, (s) => s.message);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const id = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(id);
  }, [busy]);
  return (
    <div className={`loading${visible ? ' loading--on' : ''}`} role="status" aria-live="polite">
      {visible && (
        <>
          <div className="spinner" aria-hidden="true" />
          <p>{message || t('ui.wait', '잠시만 기다려 주세요…')}</p>
        </>
      )}
    </div>
  );
}
