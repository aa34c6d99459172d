// The FHIR server's CapabilityStatement (FHIR R4 capabilitystatement.html; GET [base]/metadata): what an EMR vendor's
// client reads first. One resource, Bundle, one interaction, create, under the guide's profile.
import { SILSON } from '@auto-claim/kr-silson-claim';
import { FHIR_JSON } from '@auto-claim/contract';

export const capabilityStatement = (base: string, date: string) => ({
  resourceType: 'CapabilityStatement' as const,
  status: 'active' as const,
  date,
  publisher: '자동청구',
  kind: 'instance' as const,
  implementation: {
    description: '자동청구 KR 실손 Claim 수신 (병원 → 자동청구)',
    url: base,
  },
  fhirVersion: '4.0.1' as const,
  format: [FHIR_JSON, 'json'],
  implementationGuide: [SILSON.bundle.replace(/\/StructureDefinition\/.*$/, '')],
  rest: [
    {
      mode: 'server' as const,
      documentation:
        'KR 실손 Claim 번들(document Bundle)을 병원 API 키(x-hospital-api-key)로 POST해요. 검증에 실패하면 ' +
        'OperationOutcome으로 답해요(400 FHIR R4 구조, 422 가이드 규칙, 409 같은 영수증 번호에 다른 내용, 403 다른 요양기관).',
      security: {
        description:
          '병원마다 발급한 API 키를 x-hospital-api-key 헤더로 보내요. 키의 요양기관이 영수증 발행 기관이어야 해요.',
      },
      resource: [
        {
          type: 'Bundle',
          profile: 'http://hl7.org/fhir/StructureDefinition/Bundle',
          supportedProfile: [SILSON.bundle],
          interaction: [
            {
              code: 'create' as const,
              documentation:
                '201: 새 영수증(정정·취소 포함)을 받았어요. 200: 같은 영수증을 다시 보냈어요(바뀐 것 없음). ' +
                '답은 OperationOutcome이에요.',
            },
          ],
          versioning: 'no-version' as const,
          conditionalCreate: false,
        },
      ],
    },
  ],
});
