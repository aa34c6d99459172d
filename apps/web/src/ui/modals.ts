// The app's one modal stack and its shorthands.
import type { ReactNode } from 'react';
import { createModalStore, type ModalOptions, type ModalResult } from './modalStore';

export const modals = createModalStore();

export const openModal = (opts: ModalOptions): Promise<ModalResult> => modals.open(opts);
type Short = (body: ReactNode, opts?: Omit<ModalOptions, 'kind' | 'body'>) => Promise<ModalResult>;
export const alert: Short = (body, opts) => modals.open({ ...opts, kind: 'alert', body });
export const confirm: Short = (body, opts) => modals.open({ ...opts, kind: 'confirm', body });
export const info: Short = (body, opts) => modals.open({ ...opts, kind: 'info', body });
export const alertLight: Short = (body, opts) => modals.open({ ...opts, kind: 'alertLight', body });
