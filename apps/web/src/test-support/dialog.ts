// For the web's component tests only: what a browser does with a modal <dialog> and happy-dom does not (its showModal
// only sets `open`). The HTML standard's steps the console relies on: Esc on the open modal fires a cancelable
// "cancel", then closes it; closing puts focus back on the element that had it before showModal. The components'
// own part (which button takes focus, what Esc and close answer) stays what the tests check; the browser specs
// (e2e/ops-*.spec.ts) check the real dialog.

const opener = new WeakMap<HTMLDialogElement, Element | null>();

/** Installs the steps on happy-dom's HTMLDialogElement; answers a function that takes them away. */
export function installModalDialogs() {
  const proto = HTMLDialogElement.prototype;
  const { showModal, close } = proto;
  proto.showModal = function (this: HTMLDialogElement) {
    opener.set(this, document.activeElement);
    showModal.call(this);
  };
  proto.close = function (this: HTMLDialogElement, returnValue?: string) {
    const was = this.open;
    close.call(this, returnValue);
    const back = opener.get(this);
    if (was && back instanceof HTMLElement) back.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    const top = [...document.querySelectorAll('dialog')].filter((d) => d.open && opener.has(d)).at(-1);
    if (!top) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  };
  document.addEventListener('keydown', onKey);
  return () => {
    proto.showModal = showModal;
    proto.close = close;
    document.removeEventListener('keydown', onKey);
  };
}
