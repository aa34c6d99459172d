// /web/signature: the same screen as /security/signature, in the web layout (spec §2).
import Screen from '../security/Signature';
import { WebVariant } from './WebVariant';

export default function WebSignature() {
  return (
    <WebVariant>
      <Screen />
    </WebVariant>
  );
}
