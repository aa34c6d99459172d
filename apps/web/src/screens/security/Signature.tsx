// /security/signature (and /web/signature): the patient's signature for the power of attorney and consent, drawn with
// signature_pad (pointer events, smooth strokes). The canvas is scaled to the device's pixel ratio; undo removes the
// last stroke, clear all; an empty or trivial signature is refused (minimum ink). Stored as a PNG data URL in
// reg.signImg, and the strokes in ui.signBackup so the pad shows it again when the patient comes back. Memory only.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import SignaturePad, { type PointGroup } from 'signature_pad';
import { useClaimStore } from '../../store/claim';
import { useWizard } from '../../wizard/steps';
import { BottomAction, ErrorSummary, StepProgress } from '../../wizard/WizardStep';
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

export default function Signature() {
  const { next, progress } = useWizard('signature');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [strokes, setStrokes] = useState(0);
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const userNm = useClaimStore((s) => s.reg.userNm);

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
    const pad = padRef.current!;
    const data = pad.toData();
    const check = checkInk(data);
    if (!check.ok) {
      setError(check.reason);
      setAttempt((n) => n + 1);
      return;
    }
    useClaimStore.getState().setReg({ signImg: pad.toDataURL('image/png') });
    useClaimStore.getState().setUi({ signBackup: JSON.stringify(data) });
    next();
  };

  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <StepProgress {...progress} />
      <h2 className="screen__lead">아래 칸에 서명해 주세요</h2>
      <ErrorSummary items={error ? [{ target: 'sign-pad', message: error }] : []} attempt={attempt} />
      <p className="screen__sub" id="sign-hint">
        위임장과 동의서에 들어가는 서명이에요. 손가락으로 {userNm ? `${userNm} 님의 ` : ''}이름을 칸에 크게 써 주세요.
      </p>
      <div className={`field sign${error ? ' field--invalid' : ''}`}>
        <div className="sign__box">
          <span className="sign__line" aria-hidden="true" />
          {strokes === 0 && (
            <span className="sign__placeholder" aria-hidden="true">
              여기에 서명해 주세요
            </span>
          )}
          <canvas
            ref={canvasRef}
            id="sign-pad"
            className="sign__canvas"
            tabIndex={-1}
            role="img"
            aria-label={strokes ? `서명 칸: 서명 ${strokes}획` : '서명 칸: 비어 있어요'}
            aria-describedby={`sign-hint${error ? ' sign-error' : ''}`}
            data-strokes={strokes}
          />
        </div>
        <p id="sign-error" className="field__error" aria-live="polite">
          {error ?? ''}
        </p>
        <div className="sign__tools">
          <button type="button" className="btn btn--secondary" onClick={undo} disabled={strokes === 0}>
            한 획 지우기
          </button>
          <button type="button" className="btn btn--secondary" onClick={clear} disabled={strokes === 0}>
            모두 지우기
          </button>
        </div>
      </div>
      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block">
          서명 완료
        </button>
      </BottomAction>
    </form>
  );
}
