// The access log's actions, one list (index.ts re-exports it): its own file so that sentences.ts, which index.ts
// re-exports, names them without importing index.ts back.
export const ACCESS_ACTIONS = [
  /** A hospital sent a treatment record of the patient (actor hospital:<hospitalCd>). */
  'record_received',
  /** A claim was made of a record (actor engine, or patient when claimed by hand). */
  'claim_created',
  /** A claim's documents reached the insurer (actor insurer:<insuCompCd>). */
  'delivered',
  /** The patient was shown their history (detail: how many visits). */
  'released_to_patient',
  /** An operator downloaded a claim's PDF package (actor operator:<id>, detail the reason's category). */
  'released_to_operator',
  /** An operator had a failed delivery sent again. */
  'operator_retry',
  /** An operator recorded an insurer's answer by hand (detail the status; a rejection's words show in the history as
   * the operator's, docs/security.md "Free text in patients' messages"). */
  'operator_answer_recorded',
  /** The patient submitted an ID copy an insurer asked for. */
  'id_card_submitted',
  /** The ID copy went to the insurer that asked (actor insurer:<insuCompCd>). */
  'id_card_released',
  /** The hospital answered an insurer's request for a paper of hers (actor hospital:<hospitalCd>, detail its hash;
   * README "Documents an insurer asks for"). */
  'hospital_document_received',
  /** That paper went to the insurer that asked (actor insurer:<insuCompCd>). */
  'hospital_document_released',
  /** An operator saw the patient's unmasked name, phone and birth date (actor operator:<id>, detail the reason's
   * category: the operator's own words stay in operator_action). */
  'operator_revealed',
  /** An operator released a held record to the patient (then claimed as usual): the patient reads why in a fixed
   * sentence; the operator's words stay in operator_action. */
  'operator_record_released',
  /** An operator opened a held record beside the patient's verified name and birth date, to decide whether it is
   * hers (actor operator:<id>). */
  'operator_held_viewed',
  /** An operator opened the patient's page in the console: her subscriptions, claims and this log, masked (actor
   * operator:<id>). */
  'operator_subscriber_viewed',
  /** An operator set aside a record a hospital sent under the patient's details that was not theirs. */
  'operator_record_set_aside',
  /** The patient changed how she hears of her claims (detail kakao: 알림톡 with SMS/LMS fallback; sms: SMS/LMS only). */
  'notice_channel_changed',
  /** An operator's search by what a caller said found the patient (actor operator:<id>, detail the kinds of key:
   * name, phone, birthDate, receiptNo, claimId — never the values). */
  'operator_searched',
  /** An operator opened the guardian's relation document beside the names she entered (README "Children: a guardian
   * claims for a child"; actor operator:<id>, detail the document's type). */
  'operator_relation_viewed',
  /** An operator confirmed the relation: the child's held records are claimed from now on. */
  'operator_relation_confirmed',
  /** An operator refused the relation document (the reason goes to the guardian; detail the document's type). */
  'operator_relation_refused',
  /** Someone walked the enrolment's screens with her (README "A helper beside her"): actor helper (detail her
   * relation, HELPER_RELS) or hospital:<hospitalCd> for its desk (detail hospital_staff:<the staff account>). */
  'enrolment_helped',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];
