// /web/jumin: the same screen as /security/jumin, in the web layout (spec §2).
import Screen from '../security/Jumin';
import { WebVariant } from './WebVariant';

export default function WebJumin() {
  return (
    <WebVariant>
      <Screen />
    </WebVariant>
  );
}
