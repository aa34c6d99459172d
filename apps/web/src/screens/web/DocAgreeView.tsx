// /web/docAgreeView: the same screen as /security/docAgreeView, in the web layout (spec §2).
import Screen from '../security/DocAgreeView';
import { WebVariant } from './WebVariant';

export default function WebDocAgreeView() {
  return (
    <WebVariant>
      <Screen />
    </WebVariant>
  );
}
