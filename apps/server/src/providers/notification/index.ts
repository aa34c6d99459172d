// The notification kind as config.ts and create-context.ts see it: its variables, its part of the Config, its
// provider.
import { z } from 'zod';
import { unsetOr, type Need } from '../env.js';
import { chosenMember, type PopbillMember } from '../popbill/account.js';
import { popbillNotification } from './popbill.js';
import { sandboxNotification } from './sandbox.js';
import { PATIENT_TEMPLATES, type NotificationProvider, type PatientTemplate } from './types.js';

const TEMPLATES = Object.keys(PATIENT_TEMPLATES) as PatientTemplate[];
const templateVariable = (t: PatientTemplate) => `POPBILL_KAKAO_TEMPLATE_${t}` as const;
const templateVariables = Object.fromEntries(
  TEMPLATES.map((t) => [templateVariable(t), unsetOr(z.string().min(1).max(40))]),
) as Record<ReturnType<typeof templateVariable>, ReturnType<typeof unsetOr<z.ZodString>>>;

/** 알림톡 with SMS/LMS fallback: the outbox (sandbox) or Popbill (docs/providers/popbill.md). */
export const notificationEnv = z.object({
  NOTIFY_PROVIDER: z.enum(['sandbox', 'popbill']).default('sandbox'),
  POPBILL_KAKAO_CHANNEL_ID: unsetOr(z.string().min(1).max(100)),
  /** The code Popbill gave each approved template, one variable per template of PATIENT_TEMPLATES. */
  ...templateVariables,
});

/** `publicUrl`: the origin of the links in the messages, which Popbill's templates need set. */
export function notificationConfig(
  e: z.output<typeof notificationEnv>,
  popbill: PopbillMember | undefined,
  publicUrl: string | undefined,
  need: Need,
) {
  if (e.NOTIFY_PROVIDER === 'sandbox') return { kind: 'sandbox' } as const;
  const member = chosenMember(popbill);
  const config = {
    kind: 'popbill',
    account: member.account,
    senderNumber: need(member.senderNumber, 'POPBILL_SENDER_NUMBER'),
    channelId: need(e.POPBILL_KAKAO_CHANNEL_ID, 'POPBILL_KAKAO_CHANNEL_ID'),
    /** Our template name → the code Popbill gave the approved template. */
    templates: Object.fromEntries(
      TEMPLATES.map((t) => [t, need(e[templateVariable(t)], templateVariable(t))]),
    ) as Record<PatientTemplate, string>,
  } as const;
  need(publicUrl, 'PUBLIC_URL (the origin of links in 알림톡/SMS)');
  return config;
}
export type NotificationConfig = ReturnType<typeof notificationConfig>;

/** The provider the config names; unset is the sandbox. `origin`: where the messages' links lead. */
export function notificationProvider(
  config: NotificationConfig | undefined,
  deps: { origin: string; now: () => Date },
): NotificationProvider {
  return config?.kind === 'popbill'
    ? popbillNotification({
        account: config.account,
        senderNumber: config.senderNumber,
        channelId: config.channelId,
        templates: config.templates,
        origin: deps.origin,
      })
    : sandboxNotification(deps);
}
