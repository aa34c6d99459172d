// /web/docComissionView: the same screen as /security/docComissionView, in the web layout (spec §2).
import Screen from '../security/DocComissionView';
import { WebVariant } from './WebVariant';

export default function WebDocComissionView() {
  return (
    <WebVariant>
      <Screen />
    </WebVariant>
  );
}
