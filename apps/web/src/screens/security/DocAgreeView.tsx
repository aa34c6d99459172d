// /security/docAgreeView (and /web/docAgreeView): the consent (동의서) to send treatment data to the insurer.
import { DocumentStep } from './parts/DocumentStep';

export default function DocAgreeView() {
  return <DocumentStep step="docAgreeView" kind="agree" />;
}
