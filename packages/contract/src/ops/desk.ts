// The desk mode of a hospital user (README "A helper beside her"): a QR code that hands the walk to the patient's own
// phone with her hospital chosen and the clerk's staff account as her helper, and what became of the desk's recent
// codes: their state only, never whose they were.
import { z } from 'zod';

export const DESK_API = {
  handoffs: '/api/hospital/desk/handoffs',
} as const;

/** A handoff's state as the clerk sees it: nothing of the patient, only how far the code went. */
export const DESK_HANDOFF_STATES = ['waiting', 'opened', 'enrolled', 'expired'] as const;
export type DeskHandoffState = (typeof DESK_HANDOFF_STATES)[number];
export const DESK_HANDOFF_STATE_NM: Record<DeskHandoffState, string> = {
  waiting: '스캔 기다리는 중',
  opened: '환자 휴대폰에서 여는 중',
  enrolled: '가입 완료',
  expired: '만료',
};

/** POST DESK_API.handoffs: a new code (the token is in the URL only, shown once as the QR code). */
export const deskHandoffCreated = z.object({
  handoffId: z.string(),
  /** The URL the QR code holds: the patient app's desk screen, the token in its fragment. */
  url: z.string(),
  /** The QR code as an SVG data URL. */
  qrSvg: z.string(),
  expiresAt: z.string(),
});
export type DeskHandoffCreated = z.infer<typeof deskHandoffCreated>;

/** GET DESK_API.handoffs: this staff account's codes of the last hours, newest first. */
export const deskHandoffList = z.object({
  list: z.array(
    z.object({
      handoffId: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
      state: z.enum(DESK_HANDOFF_STATES),
    }),
  ),
});
export type DeskHandoffList = z.infer<typeof deskHandoffList>;
