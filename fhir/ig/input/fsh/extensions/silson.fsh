Extension: SilsonDays
Id: silson-days
Title: "KR 실손 Claim: 일수"
Description: "The days a line's count is given on (세부산정내역 '일수'): total = unit price × count × days, cut to whole won. ChargeItem has quantity (횟수) and priceOverride (단가) but no element for days."
Context: ChargeItem
* value[x] only positiveInt

Extension: SilsonItemCategoryExtension
Id: silson-item-category
Title: "KR 실손 Claim: 항목"
Description: "The receipt row (진찰료, 검사료, …) a line is summed under. ChargeItem has no category element in R4."
Context: ChargeItem
* value[x] only Coding
* valueCoding from SilsonItemCategoryVS (required)

ValueSet: SilsonItemCategoryVS
Id: silson-item-category
Title: "KR 실손 Claim: 진료비 항목"
Description: "All codes of SilsonItemCategory."
* include codes from system SilsonItemCategory
