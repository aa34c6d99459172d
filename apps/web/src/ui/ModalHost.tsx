// Renders the modal stack with the native <dialog> (top layer, focus kept inside, background inert).
// Focus goes to the primary button (the safe one in a destructive dialog) and back to the opener on close. A static modal ignores Esc and the backdrop.
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { OpenModal } from './modalStore';
import { modals } from './modals';
import { useT } from '../i18n/t';

function ModalDialog({ modal }: { modal: OpenModal }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const [dontShowAgain, setDontShowAgain] = useState(false);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    (primary.current ?? dialog).focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const close = (result: 'confirm' | 'cancel' | 'close') => modal.resolve(result, dontShowAgain);
  // The safe choice is the primary button and has focus; the destructive one is red and secondary (modalStore.ts).
  const destructive = modal.tone === 'destructive';

  return (
    <dialog
      ref={ref}
      className={`modal modal--${modal.kind}`}
      role={modal.kind === 'alert' || modal.kind === 'confirm' ? 'alertdialog' : 'dialog'}
      aria-labelledby={modal.showHeader ? titleId : undefined}
      aria-label={modal.showHeader ? undefined : modal.title}
      aria-describedby={modal.showBody ? bodyId : undefined}
      onCancel={(e) => {
        // Esc: a static modal stays; otherwise it closes like the × button.
        e.preventDefault();
        if (!modal.staticBackdrop) close('close');
      }}
      onKeyDown={(e) => {
        // Chromium closes a dialog on a second Esc unless the keydown itself is cancelled.
        if (e.key === 'Escape') {
          e.preventDefault();
          if (!modal.staticBackdrop) close('close');
        }
      }}
      onClick={(e) => {
        if (e.target === ref.current && !modal.staticBackdrop) close('close');
      }}
    >
      <div className="modal__panel">
        {modal.showHeader && (
          <header className="modal__header">
            <h2 id={titleId} className="modal__title">
              {modal.title}
            </h2>
            {modal.showClose && (
              <button
                type="button"
                className="modal__close"
                aria-label={t('ui.close', '닫기')}
                onClick={() => close('close')}
              >
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </header>
        )}
        {modal.showBody && (
          <div id={bodyId} className="modal__body">
            {modal.body}
          </div>
        )}
        {modal.dontShowAgainKey && (
          <label className="modal__dont">
            <input
              type="checkbox"
              className="check"
              checked={dontShowAgain}
              onChange={(e) => setDontShowAgain(e.target.checked)}
            />
            {t('ui.modal.dontShow', '다시 보지 않기')}
          </label>
        )}
        {modal.showFooter && (
          <footer className="modal__footer">
            {destructive ? (
              <>
                <button type="button" className="btn btn--danger" onClick={() => close('confirm')}>
                  {modal.confirmText}
                </button>
                <button ref={primary} type="button" className="btn btn--primary" onClick={() => close('cancel')}>
                  {modal.cancelText}
                </button>
              </>
            ) : (
              <>
                {modal.showCancel && (
                  <button type="button" className="btn btn--secondary" onClick={() => close('cancel')}>
                    {modal.cancelText}
                  </button>
                )}
                <button ref={primary} type="button" className="btn btn--primary" onClick={() => close('confirm')}>
                  {modal.confirmText}
                </button>
              </>
            )}
          </footer>
        )}
      </div>
    </dialog>
  );
}

// The default export too, so the lazy import needs no wrapper (bytes of the landing's JS).
export default function ModalHost() {
  const stack = useStore(modals.store, (s) => s.stack);
  return (
    <>
      {stack.map((m) => (
        <ModalDialog key={m.id} modal={m} />
      ))}
    </>
  );
}
