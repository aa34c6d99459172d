// /authAgreeInfo: the service terms (spec §2). Nothing continues without the required ones.
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { APP_BASE } from '@auto-claim/contract';
import { useTerms } from '../../api/terms';
import { loadFailedMessage } from '../../api/queryClient';
import { useClaimStore } from '../../store/claim';
import { BackButton } from '../../ui';
import { TermsChecklist } from './TermsChecklist';

const REQUIRED_MESSAGE = '필수 약관에 모두 동의해 주세요.';

export default function AuthAgreeInfo() {
  const navigate = useNavigate();
  const terms = useTerms('v3', 'SERVICE');
  const { reg, setReg } = useClaimStore();
  const [agreed, setAgreed] = useState<Set<string>>(() => new Set([...reg.termsIds, ...reg.optTerms]));
  const [error, setError] = useState<string>();
  const errorRef = useRef<HTMLParagraphElement>(null);
  const list = terms.data?.list ?? [];

  const next = () => {
    const missing = list.filter((t) => t.required && !agreed.has(t.termsId));
    if (missing.length > 0) {
      setError(REQUIRED_MESSAGE);
      requestAnimationFrame(() => errorRef.current?.focus());
      return;
    }
    // Agreeing to the service terms is the sign-up: a verification begun earlier for a link (ui.afterVerify) is over.
    useClaimStore.getState().setUi({ afterVerify: '' });
    setReg({
      termsIds: list.filter((t) => t.required).map((t) => t.termsId),
      optTerms: list.filter((t) => !t.required && agreed.has(t.termsId)).map((t) => t.termsId),
    });
    // One verification method (휴대폰 문자) is no choice: /selfAuthSelect is skipped (screens/auth/SelfAuthSelect.tsx).
    navigate(`${APP_BASE}/identity`);
  };

  return (
    <div className="screen screen--padded">
      <header className="screen-top">
        <BackButton />
      </header>
      <h1 className="screen__lead">
        자동청구 서비스 이용을 위해
        <br />
        약관에 동의해 주세요
      </h1>
      <p className="screen__sub">
        필수 약관에 동의해야 다음 단계로 갈 수 있어요. 선택 약관은 동의하지 않아도 괜찮아요.
      </p>
      {terms.isPending && (
        <div className="skeleton skeleton--list" aria-label="약관을 불러오는 중이에요" role="status" />
      )}
      {terms.isError && (
        <div className="load-error" role="alert">
          <p>{loadFailedMessage('약관 목록')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => terms.refetch()}>
            다시 불러오기
          </button>
        </div>
      )}
      {terms.isSuccess && (
        <TermsChecklist
          terms={list}
          agreed={agreed}
          onChange={(s) => {
            setAgreed(s);
            if (list.every((t) => !t.required || s.has(t.termsId))) setError(undefined);
          }}
          invalid={Boolean(error)}
          describedBy={error ? 'terms-error' : undefined}
        />
      )}
      <p id="terms-error" ref={errorRef} tabIndex={-1} className="field__error" role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
      <div className="bottom-action">
        <button type="button" className="btn btn--primary btn--block" onClick={next} disabled={!terms.isSuccess}>
          동의하고 계속하기
        </button>
      </div>
    </div>
  );
}
