// The modal stack and the toast queue as logic: order, results, events, 'do not show again', one toast at a time.
import { describe, expect, it, vi } from 'vitest';
import { createModalStore, type KeyMemory } from './modalStore';
import { createToastQueue } from './toastQueue';

const memory = (): KeyMemory & { keys: Set<string> } => {
  const keys = new Set<string>();
  return { keys, has: (k) => keys.has(k), add: (k) => void keys.add(k) };
};

describe('modal stack', () => {
  it('stacks modals, the newest on top, and resolves each with how it was closed', async () => {
    const m = createModalStore(memory());
    const first = m.open({ kind: 'confirm', body: 'a' });
    const second = m.open({ kind: 'alert', body: 'b' });
    const stack = m.store.getState().stack;
    expect(stack.map((x) => x.body)).toEqual(['a', 'b']);
    stack[1]!.resolve('confirm');
    expect(m.store.getState().stack.map((x) => x.body)).toEqual(['a']);
    stack[0]!.resolve('cancel');
    await expect(second).resolves.toBe('confirm');
    await expect(first).resolves.toBe('cancel');
  });

  it('applies the defaults of spec §2: title 알림, 확인/취소, static backdrop, per-kind buttons', () => {
    const m = createModalStore(memory());
    void m.open({ kind: 'alert', body: 'x' });
    void m.open({ kind: 'confirm', body: 'y' });
    void m.open({ kind: 'info', body: 'z' });
    const [alert, confirm, info] = m.store.getState().stack;
    expect(alert).toMatchObject({
      title: '알림',
      confirmText: '확인',
      cancelText: '취소',
      staticBackdrop: true,
      showCancel: false,
    });
    expect(confirm).toMatchObject({ showCancel: true, staticBackdrop: true });
    expect(info).toMatchObject({ showClose: true, staticBackdrop: false });
  });

  it('has a tone: normal unless a dialog says its confirm is destructive', () => {
    const m = createModalStore(memory());
    void m.open({ kind: 'confirm', body: 'x' });
    void m.open({ kind: 'confirm', body: 'y', tone: 'destructive' });
    expect(m.store.getState().stack.map((o) => o.tone)).toEqual(['normal', 'destructive']);
  });

  it('fires show, confirm/cancel and close events once', () => {
    const m = createModalStore(memory());
    const ev = { onShow: vi.fn(), onConfirm: vi.fn(), onCancel: vi.fn(), onClose: vi.fn() };
    void m.open({ ...ev, kind: 'confirm' });
    expect(ev.onShow).toHaveBeenCalledTimes(1);
    const [modal] = m.store.getState().stack;
    modal!.resolve('cancel');
    modal!.resolve('confirm'); // a second close is ignored
    expect(ev.onCancel).toHaveBeenCalledTimes(1);
    expect(ev.onConfirm).not.toHaveBeenCalled();
    expect(ev.onClose).toHaveBeenCalledWith('cancel');
  });

  it("remembers 'do not show again' only when confirmed with it checked", async () => {
    const mem = memory();
    const m = createModalStore(mem);
    void m.open({ dontShowAgainKey: 'notice-1' });
    m.store.getState().stack[0]!.resolve('close', true);
    expect(mem.keys.has('notice-1')).toBe(false);
    void m.open({ dontShowAgainKey: 'notice-1' });
    m.store.getState().stack[0]!.resolve('confirm', true);
    expect(mem.keys.has('notice-1')).toBe(true);
    await expect(m.open({ dontShowAgainKey: 'notice-1' })).resolves.toBe('skipped');
    expect(m.store.getState().stack).toHaveLength(0);
  });
});

describe('toast queue', () => {
  it('shows one toast at a time, in order, each for its duration', () => {
    vi.useFakeTimers();
    const shown: string[] = [];
    const q = createToastQueue(
      {
        show(message, ms, done) {
          shown.push(message);
          setTimeout(done, ms);
        },
      },
      3000,
    );
    q.push('하나');
    q.push('둘');
    q.push('셋');
    expect(shown).toEqual(['하나']);
    vi.advanceTimersByTime(2999);
    expect(shown).toEqual(['하나']);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['하나', '둘']);
    vi.advanceTimersByTime(6000);
    expect(shown).toEqual(['하나', '둘', '셋']);
    expect(q.pending).toBe(0);
    vi.useRealTimers();
  });

  it('moves on when a toast is dismissed early, and ignores a late second done()', () => {
    const dones: (() => void)[] = [];
    const shown: string[] = [];
    const q = createToastQueue({ show: (m, _ms, done) => (shown.push(m), dones.push(done)) });
    q.push('a');
    q.push('b');
    dones[0]!();
    dones[0]!();
    expect(shown).toEqual(['a', 'b']);
    q.push('c');
    expect(shown).toEqual(['a', 'b']);
  });
});
