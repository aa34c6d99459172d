import type { HospitalSeed } from './types.js';

// Demo hospitals: fictional, marked (데모) in their names, codes 9000000N, fake phone numbers. No real hospital is named.
type Row = [
  cd: string,
  name: string,
  type: string,
  address: string,
  phone: string,
  intro: string,
  app: string | null,
  autoClaim: boolean,
];

const rows: Row[] = [
  [
    '90000001',
    '한빛정형외과의원 (데모)',
    '의원',
    '서울특별시 마포구 데모로 101, 2층',
    '02-000-0001',
    '관절·척추 통증과 스포츠 손상을 진료하는 동네 정형외과예요. 물리치료와 도수치료를 받으신 날에도 실손보험 청구를 자동으로 도와드려요. 진료가 끝나면 따로 서류를 떼지 않으셔도 돼요.',
    'hanbit',
    true,
  ],
  [
    '90000002',
    '푸른숲내과의원 (데모)',
    '의원',
    '경기도 성남시 분당구 데모길 22, 3층',
    '031-000-0002',
    '감기부터 만성질환, 건강검진까지 함께하는 내과예요. 자주 오시는 분일수록 작은 진료비가 쌓이기 쉬워요. 자동청구에 가입하시면 청구를 잊지 않게 저희가 챙겨 드려요.',
    'pureunsup',
    true,
  ],
  [
    '90000003',
    '새봄소아청소년과의원 (데모)',
    '의원',
    '부산광역시 해운대구 데모대로 303',
    '051-000-0003',
    '아이들이 자주 아파도 보호자는 청구 서류까지 챙기기 어려워요. 보호자 본인인증 한 번으로 아이 진료비 청구를 자동으로 받아 보세요.',
    null,
    true,
  ],
  [
    '90000004',
    '바른치과의원 (데모)',
    '치과의원',
    '대구광역시 수성구 데모로 44, 5층',
    '053-000-0004',
    '충치·잇몸 치료와 스케일링을 진료하는 치과예요. 실손보험으로 보장되는 치과 진료는 자동으로 청구해 드려요. 보장 여부는 가입하신 보험 약관에 따라 달라요.',
    'bareun',
    true,
  ],
  [
    '90000005',
    '하늘빛종합병원 (데모)',
    '종합병원',
    '광주광역시 서구 데모중앙로 500',
    '062-000-0005',
    '응급실과 입원 병동을 갖춘 종합병원이에요. 입원비처럼 큰 진료비도 퇴원하신 뒤 자동으로 보험사에 청구돼요. 병원 1층 원무과에서도 가입을 도와드려요.',
    'haneulbit',
    true,
  ],
  [
    '90000006',
    '온누리한의원 (데모)',
    '한의원',
    '대전광역시 유성구 데모로 66',
    '042-000-0006',
    '침·뜸·추나 치료를 하는 한의원이에요. 이 병원은 아직 자동청구 준비 중이에요. 준비가 끝나면 알려 드릴게요.',
    null,
    false,
  ],
];

export const hospitals: HospitalSeed[] = rows.map(
  ([hospitalCd, hospitalNm, hospitalType, address, phone, introText, app, autoClaimEnabled], i) => ({
    hospitalCd,
    hospitalNm,
    isDemo: true,
    hospitalType,
    address,
    phone,
    introText,
    thumbnailPath: `/ui/insu/img/hospitals/${hospitalCd}.svg`,
    androidPackage: app ? `kr.example.demo.${app}` : null,
    iOSPackage: app ? `kr.example.demo.${app}.ios` : null,
    autoClaimEnabled,
    sortOrder: i + 1,
  }),
);
