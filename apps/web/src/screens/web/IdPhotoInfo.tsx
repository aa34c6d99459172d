// /web/idPhotoInfo: the same screen as /security/idPhotoInfo, in the web layout (spec §2).
import Screen from '../security/IdPhotoInfo';
import { WebVariant } from './WebVariant';

export default function WebIdPhotoInfo() {
  return (
    <WebVariant>
      <Screen />
    </WebVariant>
  );
}
