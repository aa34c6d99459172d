import './ui.css';

export { UiHost } from './UiHost';
export { openModal, alert, confirm, info, alertLight } from './modals';
export type { ModalOptions, ModalResult, ModalKind } from './modalStore';
export { showLoading, hideLoading, withLoading } from './loadingStore';
export { toast } from './toast';
export { SlideBottom } from './SlideBottom';
export { Field } from './Field';
export { BackButton } from './BackButton';
