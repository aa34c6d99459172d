// The patient's signature where she reviews it (the documents, the summary): the drawn image, or the name she typed
// as her signature (Signature.tsx), written large, as the documents will show it.
import { useT } from '../../../i18n/t';
import type { Reg } from '../../../store/claim';

export function SignatureShown({
  reg,
  className,
}: {
  reg: Pick<Reg, 'signImg' | 'signTypedNm' | 'userNm'>;
  className?: string;
}) {
  const t = useT();
  if (reg.signTypedNm) {
    return (
      <span
        className={`sign-typed__shown${className ? ` ${className}` : ''}`}
        role="img"
        aria-label={t('sign.shown.typed', '{name} 님의 서명 (이름 입력)', { name: reg.userNm })}
      >
        {reg.signTypedNm}
      </span>
    );
  }
  if (reg.signImg)
    return (
      <img className={className} src={reg.signImg} alt={t('sign.shown', '{name} 님의 서명', { name: reg.userNm })} />
    );
  return null;
}
