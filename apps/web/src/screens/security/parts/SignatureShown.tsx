// The patient's signature where she reviews it (the documents, the summary): the drawn image, or the name she typed
// as her signature (Signature.tsx), written large, as the documents will show it.
import type { Reg } from '../../../store/claim';

export function SignatureShown({
  reg,
  className,
}: {
  reg: Pick<Reg, 'signImg' | 'signTypedNm' | 'userNm'>;
  className?: string;
}) {
  if (reg.signTypedNm) {
    return (
      <span
        className={`sign-typed__shown${className ? ` ${className}` : ''}`}
        role="img"
        aria-label={`${reg.userNm} 님의 서명 (이름 입력)`}
      >
        {reg.signTypedNm}
      </span>
    );
  }
  if (reg.signImg) return <img className={className} src={reg.signImg} alt={`${reg.userNm} 님의 서명`} />;
  return null;
}
