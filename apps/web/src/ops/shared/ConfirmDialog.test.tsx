// @vitest-environment happy-dom
// The console's question before something that cannot be undone, as an operator meets it: the safe choice has focus,
// Esc and 취소 are "no", only the red button is "yes", and focus goes back to the button that asked.
import { useState } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { installModalDialogs } from '../../test-support/dialog';
import { useConfirm } from './ConfirmDialog';

afterAll(installModalDialogs());
afterEach(cleanup);

/** A screen with one destructive action, as the hospitals' key list has. */
function RevokeKey() {
  const { ask, element } = useConfirm();
  const [answer, setAnswer] = useState<string>();
  const revoke = async () => {
    const yes = await ask('키를 폐기할까요?', '이 키로 보내는 기록은 바로 거절돼요.', '폐기하기');
    setAnswer(yes ? '폐기했어요' : '그대로 뒀어요');
  };
  return (
    <>
      <button type="button" onClick={revoke}>
        폐기
      </button>
      <p role="status">{answer}</p>
      {element}
    </>
  );
}

async function openQuestion() {
  const user = userEvent.setup();
  render(<RevokeKey />);
  await user.click(screen.getByRole('button', { name: '폐기' }));
  const dialog = await screen.findByRole('dialog', { name: '키를 폐기할까요?' });
  return { user, dialog: dialog as HTMLDialogElement };
}

describe('the console’s confirm dialog', () => {
  it('asks with its title and detail, the safe 취소 focused and primary, the destructive one red', async () => {
    const { dialog } = await openQuestion();
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('이 키로 보내는 기록은 바로 거절돼요.').id);
    const safe = screen.getByRole('button', { name: '취소' });
    await waitFor(() => expect(document.activeElement).toBe(safe));
    expect(safe.className).toBe('ops-primary');
    expect(screen.getByRole('button', { name: '폐기하기' }).className).toBe('ops-danger');
  });

  it('Esc is "no": closed, nothing done, focus back on the button that asked', async () => {
    const { user, dialog } = await openQuestion();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '취소' })));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('그대로 뒀어요'));
    expect(dialog.open).toBe(false);
    expect(screen.queryByRole('button', { name: '폐기하기' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '폐기' }));
  });

  it('취소 is "no" too', async () => {
    const { user, dialog } = await openQuestion();
    await user.click(screen.getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('그대로 뒀어요'));
    expect(dialog.open).toBe(false);
  });

  it('only the destructive button is "yes", and it can be asked again after', async () => {
    const { user, dialog } = await openQuestion();
    await user.click(screen.getByRole('button', { name: '폐기하기' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('폐기했어요'));
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '폐기' }));

    await user.click(screen.getByRole('button', { name: '폐기' }));
    await screen.findByRole('dialog', { name: '키를 폐기할까요?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('그대로 뒀어요'));
  });
});
