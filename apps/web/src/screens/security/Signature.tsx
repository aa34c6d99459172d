// /security/signature (and /web/signature): the patient's signature for the power of attorney and consent, drawn with
// signature_pad (pointer events, smooth strokes). The canvas is scaled to the device's pixel ratio; undo removes the
// last stroke, clear all; an empty or trivial signature is refused (minimum ink). Stored as a PNG data URL in
// reg.signImg, and the strokes in ui.signBackup so the pad shows it again when the patient comes back. Memory only.
// Or typed, for whoever cannot draw (keyboard, screen reader: README "Accessibility and older patients"): her full
// name, confirmed as her signature, goes as reg.signTypedNm; the server checks it is her name and draws it.
// Before she signs, the two documents her signature goes into (위임장, 동의서) are named and readable here; the last
// step of the progress line, the summary after it asks only to confirm.
import { HelperNote } from '../auth/Helper';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import SignaturePad, { type PointGroup } from 'signature_pad';
import { SIGN_TYPED_MISMATCH, sameName } from '@auto-claim/contract';
import type { DocumentKind } from '../../api/documents';
import { useClaimStore } from '../../store/claim';
import { useWizard } from '../../wizard/steps';
import { Field } from '../../ui/Field';
import { SlideBottom } from '../../ui/SlideBottom';
import { LegalDocument, documentTitle } from './parts/LegalDocument';
import { particle } from '../../i18n/josa';
import { refusal } from '../../i18n/refusals';
import { t as tNow, useT } from '../../i18n/t';
import { BottomAction, ErrorSummary, StepProgress, type SummaryItem } from '../../wizard/WizardStep';
import { checkInk } from './parts/ink';
import './parts/enrol.css';

const parseBackup = (s: string): PointGroup[] => {
  try {
    const v: unknown = JSON.parse(s);
    return Array.isArray(v) ? (v as PointGroup[]) : [];
  } catch {
    return [];
  }
};

/** The documents the signature goes into, in a line each. */
const DOCS: { kind: DocumentKind; what: () => string }[] = [
  {
    kind: 'commission',
    what: () => tNow('sign.doc.commission', '병원이 진료 서류를 떼어 보험사에 보내도록 맡기는 서류예요.'),
  },
  { kind: 'agree', what: () => tNow('sign.doc.agree', '진료 정보를 보험사에 보내는 데 동의하는 서류예요.') },
];

export default function Signature() {
  const t = useT();
  const { next, progress } = useWizard('signature');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [strokes, setStrokes] = useState(0);
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const userNm = useClaimStore((s) => s.reg.userNm);
  const [typing, setTyping] = useState(() => Boolean(useClaimStore.getState().reg.signTypedNm));
  const [typed, setTyped] = useState(() => useClaimStore.getState().reg.signTypedNm);
  const [agreed, setAgreed] = useState(() => Boolean(useClaimStore.getState().reg.signTypedNm));
  const [typedErrors, setTypedErrors] = useState<{ name?: string; agree?: string }>({});
  const [reading, setReading] = useState<DocumentKind | null>(null);

  /** The pad's strokes in CSS pixels (the context is scaled, the data is not). */
  const sync = useCallback(() => setStrokes(padRef.current?.toData().length ?? 0), []);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePad(canvas, { penColor: '#111', minWidth: 1.2, maxWidth: 3.2, throttle: 8 });
    padRef.current = pad;
    const restore = parseBackup(useClaimStore.getState().ui.signBackup);

    // DPI scaling: the bitmap gets devicePixelRatio pixels per CSS pixel; strokes are redrawn after a resize.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      const { width, height } = canvas.getBoundingClientRect();
      if (!width || !height) return;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext('2d')!.scale(ratio, ratio);
      pad.clear();
      pad.fromData(data.length ? data : restore.splice(0));
      sync();
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    const onEnd = () => {
      setError(undefined);
      sync();
    };
    pad.addEventListener('endStroke', onEnd);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [sync]);

  const undo = () => {
    const pad = padRef.current!;
    const data = pad.toData();
    data.pop();
    pad.fromData(data);
    sync();
  };
  const clear = () => {
    padRef.current!.clear();
    sync();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (typing) {
      const found: typeof typedErrors = {};
      if (!typed.trim()) found.name = t('refusal.custName.required', '이름을 입력해 주세요.');
      else if (userNm && !sameName(typed, userNm)) found.name = refusal(SIGN_TYPED_MISMATCH);
      if (!agreed) found.agree = t('sign.typed.agreeMissing', '입력한 이름을 서명으로 쓰는 데 동의해 주세요.');
      setTypedErrors(found);
      if (found.name || found.agree) {
        setAttempt((n) => n + 1);
        return;
      }
      useClaimStore.getState().setReg({ signTypedNm: typed.trim(), signImg: '' });
      next();
      return;
    }
    const pad = padRef.current!;
    const data = pad.toData();
    const check = checkInk(data);
    if (!check.ok) {
      setError(check.reason);
      setAttempt((n) => n + 1);
      return;
    }
    useClaimStore.getState().setReg({ signImg: pad.toDataURL('image/png'), signTypedNm: '' });
    useClaimStore.getState().setUi({ signBackup: JSON.stringify(data) });
    next();
  };

  const summary: SummaryItem[] = typing
    ? [
        ...(typedErrors.name ? [{ target: 'sign-typed', message: typedErrors.name }] : []),
        ...(typedErrors.agree ? [{ target: 'sign-typed-agree', message: typedErrors.agree }] : []),
      ]
    : error
      ? [{ target: 'sign-pad', message: error }]
      : [];
  const switchWay = () => {
    setTyping((t) => !t);
    setError(undefined);
    setTypedErrors({});
  };

  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <StepProgress {...progress} />
      <h2 className="screen__lead">
        {typing ? t('sign.lead.typed', '이름을 입력해 서명해 주세요') : t('sign.lead', '아래 칸에 서명해 주세요')}
      </h2>
      <ErrorSummary items={summary} attempt={attempt} />
      <HelperNote step="sign" />
      <section className="sign-docs" aria-labelledby="sign-docs-title">
        <h3 id="sign-docs-title" className="sign-docs__title">
          {t('sign.docs', '이 서명은 두 서류에 들어가요')}
        </h3>
        <ul className="sign-docs__list">
          {DOCS.map((d) => (
            <li key={d.kind}>
              <span>
                <strong>{documentTitle(d.kind)}</strong> {d.what()}
              </span>
              <button type="button" className="link-button" onClick={() => setReading(d.kind)}>
                {t('sign.doc.read', '{doc} 읽기', { doc: documentTitle(d.kind) })}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <SlideBottom
        open={reading !== null}
        onClose={() => setReading(null)}
        title={reading ? t('sign.doc.sheet', '서명할 {doc}', { doc: documentTitle(reading) }) : ''}
      >
        {reading && <LegalDocument kind={reading} titleId={`sign-doc-${reading}`} />}
      </SlideBottom>
      <p className="screen__sub" id="sign-hint">
        {typing
          ? t('sign.hint.typed', '입력한 이름을 서명 글씨로 그려 위임장과 동의서에 넣어요.')
          : userNm
            ? t('sign.hint.named', '손가락으로 {name} 님의 이름을 크게 써 주세요.', { name: userNm })
            : t('sign.hint', '손가락으로 이름을 칸에 크게 써 주세요.')}
      </p>
      <div className={`field sign${error ? ' field--invalid' : ''}`} hidden={typing}>
        <div className="sign__box">
          <span className="sign__line" aria-hidden="true" />
          {strokes === 0 && (
            <span className="sign__placeholder" aria-hidden="true">
              {t('sign.placeholder', '여기에 서명해 주세요')}
            </span>
          )}
          <canvas
            ref={canvasRef}
            id="sign-pad"
            className="sign__canvas"
            tabIndex={-1}
            role="img"
            aria-label={
              strokes
                ? t('sign.pad', '서명 칸: 서명 {strokes, plural, other {#획}}', { strokes })
                : t('sign.pad.empty', '서명 칸: 비어 있어요')
            }
            aria-describedby={`sign-hint${error ? ' sign-error' : ''}`}
            data-strokes={strokes}
          />
        </div>
        <p id="sign-error" className="field__error" aria-live="polite">
          {refusal(error) ?? ''}
        </p>
        <div className="sign__tools">
          <button type="button" className="btn btn--secondary" onClick={undo} disabled={strokes === 0}>
            {t('sign.undo', '한 획 지우기')}
          </button>
          <button type="button" className="btn btn--secondary" onClick={clear} disabled={strokes === 0}>
            {t('sign.clear', '모두 지우기')}
          </button>
        </div>
      </div>
      {typing && (
        <div className="sign-typed">
          <Field
            id="sign-typed"
            label={t('sign.typed.label', '서명으로 쓸 이름')}
            hint={
              userNm
                ? t('sign.typed.hint.named', '본인인증한 이름 ‘{name}’{nameJosa} 그대로 입력해 주세요.', {
                    name: userNm,
                    nameJosa: particle(userNm, '을/를'),
                  })
                : t('sign.typed.hint', '본인인증한 이름을 그대로 입력해 주세요.')
            }
            error={typedErrors.name}
          >
            {(p) => (
              <input
                {...p}
                className="input"
                type="text"
                autoComplete="name"
                value={typed}
                onChange={(e) => {
                  setTyped(e.target.value);
                  setTypedErrors(({ name: _, ...rest }) => rest);
                }}
              />
            )}
          </Field>
          {typed.trim() && (
            <p className="sign-typed__preview" aria-hidden="true">
              {typed.trim()}
            </p>
          )}
          <label className={`terms__all${typedErrors.agree ? ' sign-typed__agree--invalid' : ''}`}>
            <input
              id="sign-typed-agree"
              type="checkbox"
              className="check"
              checked={agreed}
              aria-invalid={Boolean(typedErrors.agree)}
              aria-describedby={typedErrors.agree ? 'sign-typed-agree-error' : undefined}
              onChange={(e) => {
                setAgreed(e.target.checked);
                setTypedErrors(({ agree: _, ...rest }) => rest);
              }}
            />
            <span>{t('sign.typed.agree', '입력한 이름을 제 서명으로 쓰는 데 동의해요')}</span>
          </label>
          <p id="sign-typed-agree-error" className="field__error" aria-live="polite">
            {typedErrors.agree ?? ''}
          </p>
        </div>
      )}
      <button type="button" className="btn btn--ghost sign__switch" onClick={switchWay}>
        {typing
          ? t('sign.switch.draw', '손가락으로 직접 서명할게요')
          : t('sign.switch.type', '손가락 대신 이름을 입력해 서명할게요')}
      </button>
      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block">
          {t('sign.done', '서명 완료')}
        </button>
      </BottomAction>
    </form>
  );
}
