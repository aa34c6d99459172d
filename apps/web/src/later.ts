// What the first screen does not need starts later (docs/performance.md, "Web: the first screen"): at the patient's
// first input (a touch, a click, a key, the wheel), or once the browser is idle after the page has loaded and React has
// put the first screen up, whichever comes first. So on a slow phone the landing's own start never shares the main
// thread with the rest of the app, and the rest is ready by the time she reaches for it.

let firstScreen: () => void = () => undefined;
const firstScreenUp = new Promise<void>((resolve) => (firstScreen = resolve));

/** Called once React has committed the first screen (main.tsx). */
export const firstScreenDone = () => firstScreen();

const INPUTS = ['pointerdown', 'touchstart', 'keydown', 'wheel'] as const;
let later: Promise<void> | undefined;

/** Resolves at the first input, or when the browser is idle after the load event and the first screen. */
export function afterFirstInputOrIdle(): Promise<void> {
  // The server's render of a landing waits for nothing.
  if (typeof window === 'undefined') return Promise.resolve();
  return (later ??= new Promise<void>((resolve) => {
    const opts = { capture: true, passive: true } as const;
    const go = () => {
      for (const type of INPUTS) removeEventListener(type, go, opts);
      resolve();
    };
    for (const type of INPUTS) addEventListener(type, go, opts);
    const loaded = new Promise<void>((done) => {
      if (document.readyState === 'complete') done();
      else addEventListener('load', () => done(), { once: true });
    });
    void Promise.all([loaded, firstScreenUp]).then(() => {
      if (window.requestIdleCallback) window.requestIdleCallback(go, { timeout: 2000 });
      else setTimeout(go, 200);
    });
  }));
}

/** Runs `task` after the first input or idle; a failure (a chunk that cannot load) changes nothing on the screen. */
export const whenIdle = (task: () => unknown) =>
  void afterFirstInputOrIdle().then(() => Promise.resolve(task()).catch(() => undefined));
