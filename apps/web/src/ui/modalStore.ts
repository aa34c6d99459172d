// The modal stack (spec §2): kinds, defaults, events and results, as plain logic testable without a DOM.
import type { ReactNode } from 'react';
import { createStore } from 'zustand/vanilla';
import { t } from '../i18n/t';

export type ModalKind = 'default' | 'confirm' | 'alert' | 'alertLight' | 'info';
export type ModalResult = 'confirm' | 'cancel' | 'close' | 'skipped';
/**
 * normal: confirm is the primary button. destructive: the confirm deletes or ends something, so the safe cancel is
 * the primary button (and takes focus) and the confirm is drawn red, secondary (README "Accessibility and older
 * patients").
 */
export type ModalTone = 'normal' | 'destructive';

export interface ModalOptions {
  kind?: ModalKind;
  /** Default '알림'. */
  title?: string;
  body?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Default 'normal'. */
  tone?: ModalTone;
  showHeader?: boolean;
  showBody?: boolean;
  showFooter?: boolean;
  /** The header's close (×) button. */
  showClose?: boolean;
  showCancel?: boolean;
  /** Default true: the backdrop and Esc do not close the modal. */
  staticBackdrop?: boolean;
  /** Shows '다시 보지 않기'; once confirmed with it checked, later opens with the same key resolve 'skipped'. */
  dontShowAgainKey?: string;
  onShow?(): void;
  onClose?(result: ModalResult): void;
  onConfirm?(): void;
  onCancel?(): void;
}

export interface OpenModal extends Required<
  Omit<ModalOptions, 'body' | 'dontShowAgainKey' | 'onShow' | 'onClose' | 'onConfirm' | 'onCancel'>
> {
  id: number;
  body: ReactNode;
  dontShowAgainKey: string | undefined;
  resolve(result: ModalResult, dontShowAgain?: boolean): void;
}

const KIND_DEFAULTS: Record<ModalKind, Partial<ModalOptions>> = {
  default: { showClose: true, showCancel: true },
  confirm: { showClose: false, showCancel: true },
  alert: { showClose: false, showCancel: false },
  alertLight: { showClose: false, showCancel: false, showHeader: false },
  info: { showClose: true, showCancel: false, staticBackdrop: false },
};

/** Where 'do not show again' is remembered: not personal data. */
export interface KeyMemory {
  has(key: string): boolean;
  add(key: string): void;
}

export const localKeyMemory: KeyMemory = {
  has: (key) => {
    try {
      return localStorage.getItem(`modal.hide.${key}`) === '1';
    } catch {
      return false;
    }
  },
  add: (key) => {
    try {
      localStorage.setItem(`modal.hide.${key}`, '1');
    } catch {
      /* private mode: simply show it again next time */
    }
  },
};

export function createModalStore(memory: KeyMemory = localKeyMemory) {
  let nextId = 1;
  const store = createStore<{ stack: OpenModal[] }>(() => ({ stack: [] }));

  function open(opts: ModalOptions = {}): Promise<ModalResult> {
    if (opts.dontShowAgainKey && memory.has(opts.dontShowAgainKey)) return Promise.resolve('skipped');
    const kind = opts.kind ?? 'default';
    const o = { ...KIND_DEFAULTS[kind], ...opts };
    return new Promise((resolvePromise) => {
      const id = nextId++;
      const modal: OpenModal = {
        id,
        kind,
        title: o.title ?? t('ui.modal.title', '알림'),
        body: o.body ?? null,
        confirmText: o.confirmText ?? t('ui.ok', '확인'),
        cancelText: o.cancelText ?? t('ui.cancel', '취소'),
        tone: o.tone ?? 'normal',
        showHeader: o.showHeader ?? true,
        showBody: o.showBody ?? true,
        showFooter: o.showFooter ?? true,
        showClose: o.showClose ?? false,
        showCancel: o.showCancel ?? false,
        staticBackdrop: o.staticBackdrop ?? true,
        dontShowAgainKey: o.dontShowAgainKey,
        resolve(result, dontShowAgain) {
          if (!store.getState().stack.some((m) => m.id === id)) return; // already closed
          store.setState((s) => ({ stack: s.stack.filter((m) => m.id !== id) }));
          if (result === 'confirm') o.onConfirm?.();
          if (result === 'cancel') o.onCancel?.();
          if (result === 'confirm' && dontShowAgain && o.dontShowAgainKey) memory.add(o.dontShowAgainKey);
          o.onClose?.(result);
          resolvePromise(result);
        },
      };
      store.setState((s) => ({ stack: [...s.stack, modal] }));
      o.onShow?.();
    });
  }

  return { store, open };
}
