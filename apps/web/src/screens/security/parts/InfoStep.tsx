// A wizard step with nothing to fill in (document, idPhotoInfo, paymentCenter): a heading, a lead line, what the
// patient should know, and one button that goes on.
import type { ReactNode } from 'react';
import { useWizard, type StepId } from '../../../wizard/steps';
import { BottomAction, StepProgress } from '../../../wizard/WizardStep';
import '../wizard-1.css';

export function InfoStep({
  step,
  title,
  lead,
  action,
  children,
}: {
  step: StepId;
  title: string;
  lead: ReactNode;
  /** The button's words, e.g. "확인했어요". */
  action: string;
  children: ReactNode;
}) {
  const { next, progress } = useWizard(step);
  return (
    <form
      className="screen"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        next();
      }}
    >
      <StepProgress {...progress} />
      <h2 className="wz-legend">{title}</h2>
      <p className="wz-lead-note">{lead}</p>
      {children}
      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block">
          {action}
        </button>
      </BottomAction>
    </form>
  );
}
