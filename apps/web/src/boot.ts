// The page's one script (index.html). A landing comes drawn by the server (docs/performance.md, "The landing drawn by
// the server"): the phone shows it with the HTML and the stylesheet, and the app's code is asked for only after that
// first paint, so that on a slow link the picture and the stylesheet never share it with 115 KB of script. Every other
// page has nothing to show before the app: it starts at once, its code preloaded by the page (vite-preload-app.ts).
import './styles.css';

/** The list of the app's chunks that the server took out of a drawn page: must match the server's AFTER_PAINT_ID. */
const AFTER_PAINT_ID = 'after-paint';

/** A new task: what comes after runs apart from what came before. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

const start = () => {
  const list = document.getElementById(AFTER_PAINT_ID)?.textContent;
  for (const href of list ? (JSON.parse(list) as string[]) : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // React's DOM renderer, then the app's modules, then the app's start, each in a task of its own: evaluated and run
  // together they were the landing's longest task on a slow phone (docs/performance.md, "Web: the first screen").
  void import('react-dom/client')
    .then(nextTask)
    .then(() => import('./main'))
    .then(async (app) => {
      await nextTask();
      await app.start();
    });
};

/** Calls `then` once the browser has shown the page's first content (or after `latest` ms, whichever comes first). */
function afterFirstPaint(then: () => void, latest: number) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  setTimeout(once, latest);
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // No paint timing (older Safari): after the next frame is drawn, which is when it would show.
    requestAnimationFrame(() => setTimeout(once, 0));
    return;
  }
  // The paint entry comes once the frame is on screen, not when it is drawn (requestAnimationFrame is too early).
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    once();
  }).observe({ type: 'paint', buffered: true });
}

if (document.getElementById('root')?.firstElementChild && document.visibilityState === 'visible') {
  afterFirstPaint(start, 3000);
} else start();
