// /security/docComissionView (and /web/docComissionView): the power of attorney (위임장), filled and signed.
import { DocumentStep } from './parts/DocumentStep';

export default function DocComissionView() {
  return <DocumentStep step="docComissionView" kind="commission" />;
}
