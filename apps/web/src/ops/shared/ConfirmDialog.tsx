// The console's question before something that cannot be undone (revoke a key, reset a second factor, disable an
// operator): the same rule as the patient app's destructive dialogs (README "Accessibility and older patients"): the
// safe choice is the focused primary button, the destructive one red and secondary. A native <dialog>: focus kept
// inside, Esc is "no", focus back to the opener on close.
import { useCallback, useId, useRef, useState } from 'react';

interface Question {
  title: string;
  detail: string;
  /** The destructive button's words, e.g. "폐기하기". */
  confirmText: string;
  answer: (yes: boolean) => void;
}

/** `ask` opens the dialog and resolves true only when the destructive button was pressed. */
export function useConfirm() {
  const dialog = useRef<HTMLDialogElement>(null);
  const safe = useRef<HTMLButtonElement>(null);
  const [question, setQuestion] = useState<Question>();
  const id = useId();

  const ask = useCallback(
    (title: string, detail: string, confirmText: string) =>
      new Promise<boolean>((resolve) => {
        setQuestion({ title, detail, confirmText, answer: resolve });
        // The dialog is in the page already; it opens once React has put the question in it. showModal would focus
        // the first button, the destructive one: the safe one takes focus instead.
        requestAnimationFrame(() => {
          dialog.current?.showModal();
          safe.current?.focus();
        });
      }),
    [],
  );
  const close = (yes: boolean) => {
    question?.answer(yes);
    setQuestion(undefined);
    if (dialog.current?.open) dialog.current.close();
  };

  const element = (
    <dialog
      ref={dialog}
      className="ops-confirm"
      aria-labelledby={`${id}-h`}
      aria-describedby={`${id}-d`}
      onClose={() => question && close(false)}
    >
      {question && (
        <>
          <h2 id={`${id}-h`}>{question.title}</h2>
          <p id={`${id}-d`}>{question.detail}</p>
          <div className="ops-confirm__actions">
            <button type="button" className="ops-danger" onClick={() => close(true)}>
              {question.confirmText}
            </button>
            <button type="button" className="ops-primary" ref={safe} onClick={() => close(false)}>
              취소
            </button>
          </div>
        </>
      )}
    </dialog>
  );
  return { ask, element };
}
