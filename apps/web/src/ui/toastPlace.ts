// Where a toast sits (README "Accessibility and older patients"): above the screen's bottom action bar, whatever its
// height at the text size in use, so it never covers the primary button; and its close button is no tab stop (the
// toast leaves by itself; Tab should not land in something that vanishes). Loaded with the first toast.

function place() {
  const bar = document.querySelector('.bottom-action');
  const gap = bar ? window.innerHeight - bar.getBoundingClientRect().top : 0;
  document.documentElement.style.setProperty('--toast-bottom', `${Math.max(0, Math.ceil(gap))}px`);
  for (const b of document.querySelectorAll('[data-sonner-toast] [data-close-button]'))
    b.setAttribute('tabindex', '-1');
}

/** Keeps the toasts clear of the bottom bar as screens change; returns the stop. */
export function keepClear() {
  let frame = 0;
  const soon = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(place);
  };
  place();
  const watch = new MutationObserver(soon);
  watch.observe(document.body, { childList: true, subtree: true });
  window.addEventListener('resize', soon);
  return () => {
    watch.disconnect();
    window.removeEventListener('resize', soon);
    cancelAnimationFrame(frame);
  };
}
