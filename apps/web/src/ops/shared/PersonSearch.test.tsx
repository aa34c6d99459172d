// @vitest-environment happy-dom
// Finding a patient by what a caller says, as an operator types it: the contract's Korean message by the field it
// concerns (and nothing sent), and what is sent is the keys normalised as the server compares them.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PersonQuery } from '../api/claims';
import { PersonSearch } from './PersonSearch';

afterEach(cleanup);

function show(person?: PersonQuery) {
  const onFind = vi.fn<(keys: PersonQuery) => void>();
  const onClear = vi.fn<() => void>();
  render(<PersonSearch what="청구" person={person} onFind={onFind} onClear={onClear} />);
  const form = screen.getByRole('search', { name: '전화 문의로 청구 찾기' });
  return { user: userEvent.setup(), onFind, onClear, form };
}
/** The message a field is described by, as a screen reader reads it after the field. */
const messageOf = (field: HTMLElement) => {
  expect(field.getAttribute('aria-invalid')).toBe('true');
  return document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
};

describe('the person search', () => {
  it('asks for one key at least when none is typed, and sends nothing', async () => {
    const { user, onFind } = show();
    await user.type(screen.getByRole('textbox', { name: '이름' }), '   ');
    await user.click(screen.getByRole('button', { name: '환자 찾기' }));
    expect(messageOf(screen.getByRole('textbox', { name: /^이름/ }))).toBe(
      '이름, 휴대폰 번호, 생년월일, 영수증 번호, 청구 번호 중 하나는 적어 주세요.',
    );
    expect(onFind).not.toHaveBeenCalled();
  });

  it('says by each field what is wrong with it, in Korean', async () => {
    const { user, onFind } = show();
    await user.type(screen.getByRole('textbox', { name: '휴대폰 번호' }), '02-123-4567');
    await user.type(screen.getByRole('textbox', { name: '생년월일' }), '1958.02.30');
    await user.click(screen.getByRole('button', { name: '환자 찾기' }));
    expect(messageOf(screen.getByRole('textbox', { name: /^휴대폰 번호/ }))).toBe(
      '휴대폰 번호는 010-1234-5678처럼 적어 주세요.',
    );
    expect(messageOf(screen.getByRole('textbox', { name: /^생년월일/ }))).toBe(
      '생년월일은 1958.03.02, 1958-03-02, 19580302처럼 적어 주세요.',
    );
    expect(screen.getByRole('textbox', { name: /^이름/ }).hasAttribute('aria-invalid')).toBe(false);
    expect(onFind).not.toHaveBeenCalled();

    // Corrected, the messages go and the search is sent.
    await user.clear(screen.getByRole('textbox', { name: /^휴대폰 번호/ }));
    await user.type(screen.getByRole('textbox', { name: /^휴대폰 번호/ }), '010-1234-5678');
    await user.clear(screen.getByRole('textbox', { name: /^생년월일/ }));
    await user.type(screen.getByRole('textbox', { name: /^생년월일/ }), '1958.3.2');
    await user.click(screen.getByRole('button', { name: '환자 찾기' }));
    expect(screen.getByRole('textbox', { name: '휴대폰 번호' }).hasAttribute('aria-invalid')).toBe(false);
    expect(onFind).toHaveBeenCalledWith({ phone: '01012345678', birthDate: '19580302' });
  });

  it('sends only the keys typed, normalised as the server compares them (Enter sends too)', async () => {
    const { user, onFind } = show();
    await user.type(screen.getByRole('textbox', { name: '이름' }), ' 홍 길동 ');
    await user.type(screen.getByRole('textbox', { name: '영수증 번호' }), ' R-2026-001 {Enter}');
    expect(onFind).toHaveBeenCalledTimes(1);
    expect(onFind).toHaveBeenCalledWith({ name: '홍길동', receiptNo: 'R-2026-001' });
  });

  it('shows the search on screen, and clears it only when asked', async () => {
    const { user, onClear } = show({ name: '홍길동', birthDate: '19580302' });
    expect((screen.getByRole('textbox', { name: '이름' }) as HTMLInputElement).value).toBe('홍길동');
    await user.click(screen.getByRole('button', { name: '환자 검색 지우기' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('textbox', { name: '이름' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('textbox', { name: '생년월일' }) as HTMLInputElement).value).toBe('');
  });

  it('offers no clearing when nothing is searched', () => {
    show();
    expect(screen.queryByRole('button', { name: '환자 검색 지우기' })).toBeNull();
  });
});
