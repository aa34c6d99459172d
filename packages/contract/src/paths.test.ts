// spec §5: "Path parameters must be defined; an undefined one raises an error".
import { describe, expect, it } from 'vitest';
import { API, OPERATOR_API } from './paths.js';

describe('path helpers', () => {
  it('build the spec’s paths', () => {
    expect(API.hospital('90000001')).toBe('/ui/insu/v1/claims/hospitals/90000001');
    expect(API.findHospitalNm('90000001')).toBe('/api/insu/rest/findHospitalNm/90000001');
    expect(API.terms('v3', 'LMHC_SUBS')).toBe('/auth/rest/terms/v3/LMHC_SUBS');
    expect(OPERATOR_API.claimPackage(7)).toBe('/api/admin/claims/7/package.pdf');
    // The server registers its routes from the same helpers, with the parameter's placeholder.
    expect(OPERATOR_API.hospitalApiKeys(':hospitalCd')).toBe('/api/admin/hospitals/:hospitalCd/api-keys');
    expect(API.hospital('a/b')).toBe('/ui/insu/v1/claims/hospitals/a%2Fb');
  });

  it('throw on an undefined, null or empty parameter instead of writing …/undefined', () => {
    const missing = undefined as unknown as string;
    expect(() => API.hospital(missing)).toThrow('Path parameter hospitalCd is undefined');
    expect(() => API.findHospitalNm('')).toThrow(TypeError);
    expect(() => API.terms('v2', null as unknown as string)).toThrow(TypeError);
    expect(() => OPERATOR_API.claim(undefined as unknown as number)).toThrow(TypeError);
  });
});
