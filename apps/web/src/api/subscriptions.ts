// The subscription calls of spec §7 and the submission rule of spec §4, in one place: status (GET), confirm (POST
// …/confirm, …/hospitals/confirm), submit (POST v1/v2, or add-hospital when insuApplyId is set), change (PUT),
// cancel (DELETE), remove one hospital (DELETE …/hospitals).
// spec §8: the subscription calls resolve with the error object (an ApiError) instead of rejecting, and the status
// check resolves with an empty object; callers look at what they got.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  API,
  IDEMPOTENCY_HEADER,
  type AddHospitalBody,
  type AddHospitalsV2Body,
  type GuardianRel,
  type HospitalsConfirm,
  type PolicyGeneration,
  type SubscriptionChangeBody,
  type SubscriptionConfirm,
  type SubscriptionView,
} from '@auto-claim/contract';
import { currentLang } from '../i18n/t';
import type { ClaimState, Reg } from '../store/claim';
import { api, ApiError } from './client';

/** An HTTP or network failure becomes the answer; anything else (a bug) still throws. */
async function settle<T>(call: Promise<T>): Promise<T | ApiError> {
  try {
    return await call;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
}

/** spec §4: subscribed only when subscriptionStatus is 'subscribe'; otherwise, or on error, the result is empty. */
export type SubscriptionStatusResult = SubscriptionView | Record<string, never>;
export const isSubscribed = (r: SubscriptionStatusResult | undefined): r is SubscriptionView =>
  Boolean(r && 'subscriptionStatus' in r && r.subscriptionStatus === 'subscribe');

export async function fetchSubscriptionStatus(signal?: AbortSignal): Promise<SubscriptionStatusResult> {
  try {
    const answer = await api.get<SubscriptionView>(API.subscriptions, undefined, signal);
    return answer.subscriptionStatus === 'subscribe' ? answer : {};
  } catch {
    return {};
  }
}

export const subscriptionStatusQuery = (userCi: string) =>
  queryOptions({
    queryKey: ['subscription', userCi],
    queryFn: ({ signal }) => fetchSubscriptionStatus(signal),
    staleTime: 0,
  });
export const useSubscriptionStatus = (userCi: string) => useQuery(subscriptionStatusQuery(userCi));

/** spec §7: the birthday without its first two characters plus userIdno2 (just the six once the latter is unknown). */
export const userIdnoOf = (reg: Pick<Reg, 'birthday' | 'userIdno2'>) => reg.birthday.slice(2) + reg.userIdno2;

/** POST …/subscriptions/confirm: is this person subscribed, and with what (the answer fills reg). */
export const confirmSubscription = (reg: Pick<Reg, 'userCi' | 'hospitalCd' | 'birthday' | 'userIdno2'>) =>
  settle(
    api.post<SubscriptionConfirm>(API.subscriptionsConfirm, {
      userCi: reg.userCi,
      hospitalCd: reg.hospitalCd,
      userIdno: userIdnoOf(reg),
    }),
  );

/** POST …/subscriptions/hospitals/confirm: the hospitals of this person's subscription. */
export const confirmHospitals = (
  reg: Pick<Reg, 'userCi' | 'userNm' | 'birthday' | 'userIdno2' | 'userTel' | 'hospitalCd'>,
) =>
  settle(
    api.post<HospitalsConfirm>(API.subscriptionHospitalsConfirm, {
      userCi: reg.userCi,
      userNm: reg.userNm,
      birthday: reg.birthday,
      userIdno2: reg.userIdno2,
      userTel: reg.userTel,
      hospitalCd: reg.hospitalCd,
    }),
  );

/** What the submit button sends, by spec §4. */
export interface Submission {
  kind: 'subscribe' | 'subscribeMulti' | 'addHospital' | 'addHospitals';
  path: string;
  body: object;
}

const person = ({ reg }: Pick<ClaimState, 'reg'>) => ({
  userCi: reg.userCi,
  userNm: reg.userNm,
  birthday: reg.birthday,
  sex: reg.sex as 'M' | 'F',
  userIdno2: reg.userIdno2,
  userTel: reg.userTel,
});

/**
 * spec §4: insuApplyId set → add-hospital (v2 with a hospitals list in inner mode, v1 with hospitalCd and agreeId
 * otherwise); not set → the multi-receipt v2 subscription in inner mode, the plain v1 subscription in outer mode.
 * The identity type goes as ic/dl/pp: the server converts it for NHLIFE (contract insurerIdcardType). agreeId is left
 * out when there is none (a patient adding a hospital from 'my subscription' agreed to nothing new), never sent as "".
 */
export function buildSubmission(
  s: Pick<ClaimState, 'reg' | 'ui'> & Partial<Pick<ClaimState, 'child' | 'desk'>>,
): Submission {
  const { reg } = s;
  const inner = s.ui.prcMode === 'inner';
  const agreeId = reg.agreeIds[0] ? { agreeId: reg.agreeIds[0] } : {};
  if (reg.insuApplyId) {
    if (inner) {
      const body: AddHospitalsV2Body = {
        ...person(s),
        hospitals: reg.multiSubscrib,
        ...agreeId,
        insuApplyId: reg.insuApplyId,
      };
      return { kind: 'addHospitals', path: API.subscriptionHospitalsV2, body };
    }
    const body: AddHospitalBody = {
      ...person(s),
      hospitalCd: reg.hospitalCd,
      ...agreeId,
      insuApplyId: reg.insuApplyId,
    };
    return { kind: 'addHospital', path: API.subscriptionHospitals, body };
  }
  // The whole reg payload of spec §3; the server keeps what the contract names. A child's enrolment adds her
  // (contract reg.child): the person fields stay the verified parent's, the child is the insured person.
  // Her language goes with it (docs/decisions/0010-message-catalogs.md): her later messages are in it.
  const body = {
    ...reg,
    lang: currentLang(),
    // A hospital desk's walk (README "A helper beside her"): the server records its staff account from the grant.
    ...(s.desk?.grant ? { deskGrant: s.desk.grant } : {}),
    ...(s.ui.insured === 'child' && s.child ? { child: childOf(s.child) } : {}),
  };
  return inner
    ? { kind: 'subscribeMulti', path: API.subscriptionsV2, body }
    : { kind: 'subscribe', path: API.subscriptions, body };
}

/** The child of a child's enrolment as the contract's childBody names her. */
export const childOf = (c: ClaimState['child']) => ({
  userNm: c.person.userNm,
  birthday: c.person.birthday,
  sex: c.person.sex as 'M' | 'F',
  userIdno2: c.person.userIdno2,
  guardianRel: c.person.guardianRel as GuardianRel,
  ...(c.person.userTel ? { userTel: c.person.userTel } : {}),
});

/** A retry with the same key gets the same answer: one subscription however often the patient taps. */
export const submit = (s: Submission, idempotencyKey: string) =>
  settle(api.post<unknown>(s.path, s.body, { [IDEMPOTENCY_HEADER]: idempotencyKey }));

export const changeSubscription = (body: SubscriptionChangeBody) =>
  settle(api.put<SubscriptionView>(API.subscriptions, body));
/** One insurer contract's 실손 generation, as she picks it on 내 자동청구 (null: "잘 모르겠어요"). */
export const setPolicyGeneration = (insuCompCd: string, policyGeneration: PolicyGeneration | null) =>
  settle(api.put<SubscriptionView>(API.subscriptionInsurers, { insuCompCd, policyGeneration }));
export const cancelSubscription = () => settle(api.delete<SubscriptionView>(API.subscriptions));
export const removeHospital = (hospitalCd: string) =>
  settle(api.delete<SubscriptionView>(API.subscriptionHospitals, { hospitalCd }));
