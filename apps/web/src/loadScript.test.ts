// spec §8: an external script that fails raises ScriptExternalLoadError, 'Loading script failed.' with the failure
// type and the address. No browser here: a document that records the <script> it is given is enough.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScriptExternalLoadError, loadScript } from './loadScript';

interface FakeScript {
  src: string;
  async: boolean;
  onload: ((e: { type: string }) => void) | null;
  onerror: ((e: { type: string }) => void) | null;
  removed: boolean;
  remove(): void;
}

function fakeDocument() {
  const appended: FakeScript[] = [];
  const doc = {
    createElement: () => {
      const s: FakeScript = {
        src: '',
        async: false,
        onload: null,
        onerror: null,
        removed: false,
        remove: () => void (s.removed = true),
      };
      return s;
    },
    head: { appendChild: (s: FakeScript) => void appended.push(s) },
  };
  return { doc: doc as unknown as Document, appended };
}

describe('loadScript', () => {
  afterEach(() => vi.useRealTimers());

  it('adds one async <script> with the version query and resolves when it loads', async () => {
    const { doc, appended } = fakeDocument();
    const done = loadScript('https://cdn.example.com/components.js', { version: '1.2.0', doc });
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ src: 'https://cdn.example.com/components.js?v=1.2.0', async: true });
    appended[0]!.onload!({ type: 'load' });
    await expect(done).resolves.toBeUndefined();
  });

  it('a failed request is ScriptExternalLoadError with the type and the address, and the tag is removed', async () => {
    const { doc, appended } = fakeDocument();
    const done = loadScript('https://cdn.example.com/library.js?x=1', { version: '7', doc });
    appended[0]!.onerror!({ type: 'error' });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptExternalLoadError);
    expect(error).toMatchObject({
      name: 'ScriptExternalLoadError',
      message: 'Loading script failed.\n(error: https://cdn.example.com/library.js?x=1&v=7)',
      type: 'error',
      request: 'https://cdn.example.com/library.js?x=1&v=7',
    });
    expect(appended[0]!.removed).toBe(true);
  });

  it("a script that loads but does not do its job is type 'missing'", async () => {
    const { doc, appended } = fakeDocument();
    const done = loadScript('/lib.js', { doc, loaded: () => false });
    appended[0]!.onload!({ type: 'load' });
    await expect(done).rejects.toMatchObject({
      type: 'missing',
      message: 'Loading script failed.\n(missing: /lib.js)',
    });
  });

  it("a script that never answers is type 'timeout' after 120 s by default", async () => {
    vi.useFakeTimers();
    const { doc } = fakeDocument();
    const done = loadScript('/slow.js', { doc }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await done).toMatchObject({ name: 'ScriptExternalLoadError', type: 'timeout', request: '/slow.js' });
  });
});
