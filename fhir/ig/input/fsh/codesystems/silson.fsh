CodeSystem: SilsonShare
Id: silson-share
Title: "KR 실손 Claim: 진료비의 부담 구분"
Description: "The four parts a 세부산정내역 line's total splits into (2018 MOHW 고시, 진료비 세부산정내역 서식), carried as Invoice.lineItem.priceComponent (type informational)."
* ^caseSensitive = true
* ^content = #complete
* #copay "급여 본인부담금" "The patient's share of a covered (급여) charge."
* #insurer "급여 공단부담금" "The national insurer's share of a covered charge (공단 or, under 의료급여, the 지자체)."
* #full-copay "급여 전액본인부담" "A covered item the patient pays in full (전액본인부담)."
* #uncovered "비급여" "An item outside the national insurance (비급여)."

CodeSystem: SilsonDocument
Id: silson-document
Title: "KR 실손 Claim: 문서, 구역, 방문 유형"
Description: "The document type, its sections, the visit types and attachment types of KR 실손 Claim."
* ^caseSensitive = true
* ^content = #complete
* #receipt "진료비 계산서·영수증" "The document: a visit's receipt (별지 제6호서식) with its lines; also its first section."
* #lines "진료비 세부산정내역" "The section of the lines."
* #prescription "처방전" "The section of the prescription."
* #attachments "첨부" "The section of attached documents."
* #receipt-pdf "진료비 계산서·영수증 (PDF)" "The receipt as the hospital printed it."
* #outpatient "외래" "An outpatient visit."
* #inpatient "입원" "An inpatient stay."
* #pharmacy "약국 조제" "A pharmacy's dispensing."

CodeSystem: SilsonItemCategory
Id: silson-item-category
Title: "KR 실손 Claim: 진료비 항목"
Description: "The rows of the 진료비 계산서·영수증 (국민건강보험 요양급여의 기준에 관한 규칙 별지 제6호서식) a line is summed under."
* ^caseSensitive = true
* ^content = #complete
* #consult "진찰료"
* #ward "입원료"
* #meal "식대"
* #drug-service "투약 및 조제료 - 행위료"
* #drug "투약 및 조제료 - 약품비"
* #injection-service "주사료 - 행위료"
* #injection-drug "주사료 - 약품비"
* #anesthesia "마취료"
* #procedure-surgery "처치 및 수술료"
* #lab "검사료"
* #imaging "영상진단료"
* #radiotherapy "방사선치료료"
* #material "치료재료대"
* #rehab "재활 및 물리치료료"
* #psychiatric "정신요법료"
* #blood "전혈 및 혈액성분제제료"
* #ct "CT 진단료"
* #mri "MRI 진단료"
* #pet "PET 진단료"
* #ultrasound "초음파 진단료"
* #prosthetic "보철·교정료"
* #certificate "제증명수수료"
* #other "기타"

ValueSet: SilsonEdiCodes
Id: silson-edi-codes
Title: "KR 실손 Claim: HIRA EDI 코드"
Description: "A 세부산정내역 line's code: HIRA EDI 진료행위, 약제 or 치료재료, as KR Core names the systems."
* include codes from system $edi-procedure
* include codes from system $edi-medication
* include codes from system $edi-material
