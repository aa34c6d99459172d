/**
 * A screen's one question takes focus as the screen opens, so the phone's keyboard is up when she arrives (a tap
 * saved), and only when the field is already in view between the sticky header and the action bar: a screen that does
 * not fit (200 % text, a small phone) opens at its heading, never scrolled past it (docs/accessibility.md, 6.1.2). Its
 * title is said all the same (screenChange.ts leaves a focus the screen placed). Use as a ref: `ref={focusOnOpen}`.
 */
export function focusOnOpen(el: HTMLElement | null) {
  if (!el || el.dataset.opened) return;
  el.dataset.opened = 'true';
  requestAnimationFrame(() => {
    const top = document.querySelector('.app-header')?.getBoundingClientRect().bottom ?? 0;
    const bar = document.querySelector('.bottom-action')?.getBoundingClientRect().top ?? innerHeight;
    const r = el.getBoundingClientRect();
    if (r.top >= top && r.bottom <= Math.min(bar, innerHeight)) el.focus({ preventScroll: true });
  });
}
