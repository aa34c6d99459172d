// Subscriptions (spec §3-4): enrolment, the patient's subscription and its documents, and what the claim engine and
// the history read of it (lookups.ts); its files in the blob store (files.ts); its background work on the jobs
// runtime (jobs.ts); the enrolment typed so far (drafts.ts). Owns: subscription, subscription_hospital,
// subscription_insurer, subscription_day_count, subscription_hospital_day_count, enrolment_draft.
export { subscriptionRoutes } from './routes.js';
export { rrnHmacOf, type GuardianPerson, type SubscriptionPerson } from './person.js';
export {
  asGuardianOf,
  childById,
  childDetails,
  childOfGuardian,
  childrenByIds,
  childrenOfGuardian,
  setRelationStatus,
  type ChildRow,
} from './children.js';
export { adultNotices, tellGuardian, type GuardianText } from './child-notices.js';
export { cancelForDispute, disputeById, disputePage, markDisputeResolved, type DisputeClaimant } from './disputes.js';
export {
  contactsOf,
  insuredPersonsOf,
  latestMinAmt,
  linkSubscriptionLive,
  liveSubscriptionOf,
  liveSubscriptionPage,
  matchableSubscriptions,
  paperworkOf,
  payoutAccountOf,
  postNoMissingOf,
  subscriberOf,
  subscriptionIdsOf,
} from './lookups.js';
export { DOCUMENTS_QUEUE, makeDocuments, signedDocuments } from './documents.js';
export { namedBlobs } from './files.js';
export { subscriberView, type SubscriberView } from './subscriber.js';
export {
  childSubscriptionsByGuardian,
  ciHmacsByPhone,
  hashGuardians,
  hashSubscriptionPhones,
} from './person-lookup.js';
export { documentsSweep, subscriptionJobs, subscriptionPurgeJobs } from './jobs.js';
export { enrolmentCounts, reagreeCounts, reagreePage, termsListingCount } from './counts.js';
export { fillPolicyGeneration, insurerCountsOf, policyGenerationsOf } from './policy-generation.js';
