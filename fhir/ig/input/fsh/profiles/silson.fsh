// The rules the profiles cannot say in FSH cardinalities and bindings (line total, sums, the split) are invariants
// here and checked in code by packages/kr-silson-claim (fhir/ig/README.md, "Rules").

Invariant: silson-line-total
Description: "총액 = 단가 × 횟수 × 일수 (원 미만 절사): each line's base price component equals its ChargeItem's priceOverride × quantity × days."
Severity: #error
Expression: "true"

Invariant: silson-line-split
Description: "Each line's copay + insurer + full-copay + uncovered equals its total."
Severity: #error
Expression: "lineItem.all(priceComponent.where(type = 'informational').amount.value.sum() = priceComponent.where(type = 'base').amount.value)"

Invariant: silson-receipt-total
Description: "totalGross is the sum of the lines' totals; totalNet is copay + full-copay + uncovered."
Severity: #error
Expression: "totalGross.value = lineItem.priceComponent.where(type = 'base').amount.value.sum() and totalNet.value = totalPriceComponent.where(code.coding.code != 'insurer').amount.value.sum()"

Invariant: silson-amends
Description: "A corrected (amended) or cancelled receipt names the receipt it replaces."
Severity: #error
Expression: "status = 'amended' implies relatesTo.where(code = 'replaces' and targetIdentifier.exists()).exists()"

Profile: SilsonBundle
Parent: Bundle
Id: silson-bundle
Title: "KR 실손 Claim Bundle"
Description: "One visit's (or one pharmacy dispensing's) 진료비 계산서·영수증 as a FHIR document: a Composition first, then the Patient, the 요양기관, the Encounter, its Conditions, the Invoice, one ChargeItem per 세부산정내역 line, the 처방전 and any PDF."
* identifier 1..1
* identifier.system 1..1
* identifier.value 1..1
* type = #document (exactly)
* timestamp 1..1
* entry 3..*
* entry.fullUrl 1..1
* entry.resource 1..1

Profile: SilsonComposition
Parent: Composition
Id: silson-composition
Title: "KR 실손 Claim Composition"
Description: "The receipt as a document: its number, sections receipt, lines, prescription, attachments; an amended receipt replaces the one it names."
* obeys silson-amends
* identifier 1..1
* status from http://hl7.org/fhir/ValueSet/composition-status (required)
* type = SilsonDocument#receipt
* subject 1..1
* subject only Reference(SilsonPatient)
* encounter 1..1
* author 1..1
* author only Reference(SilsonOrganization)
* relatesTo.code = #replaces
* section 2..*
* section.code 1..1
* section.code from SilsonSectionVS (required)

ValueSet: SilsonSectionVS
Id: silson-section
Title: "KR 실손 Claim: 구역"
* SilsonDocument#receipt
* SilsonDocument#lines
* SilsonDocument#prescription
* SilsonDocument#attachments

Profile: SilsonPatient
Parent: $krcore-patient
Id: silson-patient
Title: "KR 실손 Claim Patient"
Description: "KR Core Patient with the hospital's 등록번호, the 주민등록번호 (or CI) the claim is matched by, name.text, gender and birthDate."
* identifier 1..*
* identifier.system 1..1
* identifier.value 1..1
* name 1..*
* name.text 1..1
* gender 1..1
* birthDate 1..1

Profile: SilsonOrganization
Parent: $krcore-healthcare-organization
Id: silson-organization
Title: "KR 실손 Claim 요양기관"
Description: "KR Core Healthcare Organization identified by its 8-digit 요양기관기호 in $krnpi, with its 종별."
* identifier[HIRA] 1..1
* identifier[HIRA].value obeys silson-krnpi
* type 1..*
* name 1..1

Invariant: silson-krnpi
Description: "요양기관기호 is 8 digits."
Severity: #error
Expression: "matches('^[0-9]{8}$')"

Profile: SilsonEncounter
Parent: $krcore-encounter
Id: silson-encounter
Title: "KR 실손 Claim Encounter"
Description: "The visit: outpatient, inpatient or pharmacy; its period; its 보험자구분 in KR Core's extension."
* extension[krcore-insuranceTypes] 1..1
* class from http://terminology.hl7.org/ValueSet/v3-ActEncounterCode (required)
* type 1..*
* type from SilsonVisitTypeVS (required)
* subject 1..1
* period 1..1
* period.start 1..1
* serviceProvider 1..1

ValueSet: SilsonVisitTypeVS
Id: silson-visit-type
Title: "KR 실손 Claim: 방문 유형"
* SilsonDocument#outpatient
* SilsonDocument#inpatient
* SilsonDocument#pharmacy

Profile: SilsonCondition
Parent: $krcore-condition-encounter-diagnosis
Id: silson-condition
Title: "KR 실손 Claim 상병"
Description: "KR Core encounter diagnosis coded in KCD-8."
* code.coding 1..*
* code.coding.system = $kcd8 (exactly)

Profile: SilsonReceipt
Parent: Invoice
Id: silson-receipt
Title: "KR 실손 Claim 진료비 계산서·영수증"
Description: "The receipt: one lineItem per ChargeItem with its total (base) and its split (informational, SilsonShare), the totals per share, 진료비 총액 (totalGross) and 환자부담 총액 (totalNet), all in KRW."
* obeys silson-line-total and silson-line-split and silson-receipt-total
* identifier 1..*
* status from http://hl7.org/fhir/ValueSet/invoice-status (required)
* subject 1..1
* issuer 1..1
* date 1..1
* lineItem 1..*
* lineItem.sequence 1..1
* lineItem.chargeItem[x] only Reference(SilsonLine)
* lineItem.priceComponent 5..5
* lineItem.priceComponent.amount 1..1
* lineItem.priceComponent.amount.currency = #KRW
* totalPriceComponent 4..4
* totalPriceComponent.type = #informational
* totalPriceComponent.code from SilsonShareVS (required)
* totalNet 1..1
* totalNet.currency = #KRW
* totalGross 1..1
* totalGross.currency = #KRW

ValueSet: SilsonShareVS
Id: silson-share
Title: "KR 실손 Claim: 부담 구분"
* include codes from system SilsonShare

Profile: SilsonLine
Parent: ChargeItem
Id: silson-line
Title: "KR 실손 Claim 세부산정내역 줄"
Description: "One 세부산정내역 line: 항목, 일자, HIRA EDI 코드·명칭, 단가 (priceOverride), 횟수 (quantity), 일수 (extension)."
* extension contains SilsonItemCategoryExtension named category 1..1 and SilsonDays named days 1..1
* code from SilsonEdiCodes (required)
* code.coding 1..*
* code.coding.system 1..1
* code.coding.code 1..1
* code.coding.display 1..1
* subject only Reference(SilsonPatient)
* context 1..1
* occurrence[x] only dateTime
* occurrenceDateTime 1..1
* quantity 1..1
* quantity.value 1..1
* priceOverride 1..1
* priceOverride.currency = #KRW

Profile: SilsonPrescription
Parent: $krcore-medicationrequest
Id: silson-prescription
Title: "KR 실손 Claim 처방전"
Description: "KR Core MedicationRequest with the 처방전 교부번호 in groupIdentifier; a pharmacy's bundle names the clinic as requester by its 요양기관기호."
* groupIdentifier 1..1
* groupIdentifier.system = "http://auto-claim.kr/fhir/kr-silson-claim/NamingSystem/prescription" (exactly)
* groupIdentifier.value 1..1
* medicationCodeableConcept.coding.system = $edi-medication (exactly)
* requester 1..1
