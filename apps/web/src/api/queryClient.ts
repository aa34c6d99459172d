// The query cache for the screens (its module, cache.ts, is the app root's), and spec §8's load-error message.
import { particle } from '../i18n/josa';
import { t } from '../i18n/t';

export { queryClient } from './cache';

/**
 * spec §8: "could not load X", naming what, in her language (docs/decisions/0010-message-catalogs.md): `what` is
 * already hers (a query's `meta.what()`, or the screen's own catalog message), and Korean's object particle follows
 * how it is read (은행 목록을, 자녀 가입 정보를), chosen by es-hangul.
 */
export function loadFailedMessage(what: string) {
  return t('load.failed', '{what}{whatJosa} 불러오지 못했어요. 잠시 후 다시 시도해 주세요.', {
    what,
    whatJosa: particle(what, '을/를'),
  });
}
