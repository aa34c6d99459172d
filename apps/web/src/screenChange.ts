// A screen change is said and felt (README "Accessibility and older patients"): at each navigation the new screen's
// title goes to a polite live region and focus moves to its first heading (tabIndex -1), so a screen reader starts
// there and Tab goes on into the screen, scrolled to its top. Focus a screen placed itself (an input's autofocus, a dialog) stays. Not on
// the first load: the browser reads a new page by itself. Loaded after the first input or idle (later.ts; none of it in
// the landing's JS): a screen she reached before it arrived is placed when it does.
import type { AppRouter } from './router';
import { t } from './i18n/t';

/** Watches the router from the first screen's location (`w`: a short name, as main.tsx's bytes are counted). */
export function w(router: AppRouter, firstKey = router.state.location.key) {
  const live = document.createElement('p');
  live.className = 'visually-hidden';
  live.setAttribute('aria-live', 'polite');
  document.body.append(live);
  // Tab's first stop (docs/accessibility.md, 6.4.1): past the header, into the screen; focus moves, not the URL's
  // hash (the router's). Made here, not in the layout, so the first screen's JS carries none of it.
  const skip = document.createElement('a');
  skip.className = 'skip-link';
  skip.href = '#main';
  skip.textContent = t('ui.skipToMain', '본문 바로가기');
  skip.onclick = (e) => {
    e.preventDefault();
    const main = document.querySelector('main');
    if (!main) return;
    main.tabIndex = -1;
    main.focus();
  };
  document.body.prepend(skip);
  let seen = firstKey;
  let frame = 0;
  const onState = (state: AppRouter['state']) => {
    if (state.navigation.state !== 'idle' || state.location.key === seen) return;
    seen = state.location.key;
    // In the language she reads now: she may have switched it since this link was made (on the landing, say).
    skip.textContent = t('ui.skipToMain', '본문 바로가기');
    // A new screen opens at its top, its heading in view, wherever the last one was scrolled to (200 % text; Back
    // leaves the browser's own restoring alone).
    if (state.historyAction !== 'POP') window.scrollTo(0, 0);
    cancelAnimationFrame(frame);
    let tries = 0;
    // The new screen has rendered once the shell has set its title (React may commit a frame or more later).
    const before = document.title;
    frame = requestAnimationFrame(function place() {
      const heading = document.querySelector<HTMLElement>('main h1, h1, main h2');
      // The screen's code may still be loading: look again for a second or so.
      if (!heading || (document.title === before && tries < 30)) {
        if (++tries < 90) frame = requestAnimationFrame(place);
        return;
      }
      live.textContent = heading.textContent;
      const active = document.activeElement;
      if (active && active !== document.body && active.closest('main, dialog, .screen') && active.tagName !== 'H1') {
        return;
      }
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    });
  };
  router.subscribe(onState);
  onState(router.state);
}
