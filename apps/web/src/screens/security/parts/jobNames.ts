// The occupations' words in her language (docs/decisions/0010-message-catalogs.md): the KSCO groups and their details
// by code, and the examples beside the groups. Shared by the job step and the summary, which shows the one she chose.
import { currentLang, t } from '../../../i18n/t';

/** Examples beside the KSCO major groups (한국표준직업분류 대분류), by their code. */
export const EXAMPLES: Record<string, () => string> = {
  '1': () => t('job.example.1', '회사 임원, 부서장, 기관장'),
  '2': () => t('job.example.2', '의사, 간호사, 교사, 변호사, 프로그래머'),
  '3': () => t('job.example.3', '회사원(사무직), 은행원, 공무원(사무)'),
  '4': () => t('job.example.4', '경찰관, 요양보호사, 미용사, 요리사'),
  '5': () => t('job.example.5', '영업사원, 매장 판매원, 보험설계사'),
  '6': () => t('job.example.6', '농민, 축산인, 어민'),
  '7': () => t('job.example.7', '제빵사, 자동차 정비사, 전기공, 목수'),
  '8': () => t('job.example.8', '공장 기계 조작원, 택시·버스·트럭 기사'),
  '9': () => t('job.example.9', '건설 현장 일, 택배 분류, 청소원, 경비원'),
  A: () => t('job.example.A', '장교, 부사관'),
};

/**
 * The occupations' names in her language, by code (the server's list, apps/server/src/db/seed/jobs.ts, names them in
 * Korean, and keeps jobNm so: the insurer reads it). A code not here is shown as the server names it.
 */
const NAMES: Record<string, () => string> = {
  '1': () => t('job.name.1', '관리자'),
  '11': () => t('job.name.11', '공공 기관 및 기업 고위직'),
  '12': () => t('job.name.12', '행정·경영 지원 및 마케팅 관리직'),
  '13': () => t('job.name.13', '전문 서비스 관리직'),
  '14': () => t('job.name.14', '건설·전기 및 생산 관련 관리직'),
  '15': () => t('job.name.15', '판매 및 고객 서비스 관리직'),
  '2': () => t('job.name.2', '전문가 및 관련 종사자'),
  '21': () => t('job.name.21', '과학 전문가 및 관련직'),
  '22': () => t('job.name.22', '정보 통신 전문가 및 기술직'),
  '23': () => t('job.name.23', '공학 전문가 및 기술직'),
  '24': () => t('job.name.24', '보건·사회복지 및 종교 관련직'),
  '25': () => t('job.name.25', '교육 전문가 및 관련직'),
  '26': () => t('job.name.26', '법률 및 행정 전문직'),
  '27': () => t('job.name.27', '경영·금융 전문가 및 관련직'),
  '28': () => t('job.name.28', '문화·예술·스포츠 전문가 및 관련직'),
  '3': () => t('job.name.3', '사무 종사자'),
  '31': () => t('job.name.31', '경영 및 회계 관련 사무직'),
  '32': () => t('job.name.32', '금융 사무직'),
  '33': () => t('job.name.33', '법률 및 감사 사무직'),
  '39': () => t('job.name.39', '상담·안내·통계 및 기타 사무직'),
  '4': () => t('job.name.4', '서비스 종사자'),
  '41': () => t('job.name.41', '경찰·소방 및 보안 관련 서비스직'),
  '42': () => t('job.name.42', '돌봄·보건 및 개인 생활 서비스직'),
  '43': () => t('job.name.43', '운송 및 여가 서비스직'),
  '44': () => t('job.name.44', '조리 및 음식 서비스직'),
  '5': () => t('job.name.5', '판매 종사자'),
  '51': () => t('job.name.51', '영업직'),
  '52': () => t('job.name.52', '매장 판매 및 상품 대여직'),
  '53': () => t('job.name.53', '통신 및 방문·노점 판매 관련직'),
  '6': () => t('job.name.6', '농림어업 숙련 종사자'),
  '61': () => t('job.name.61', '농·축산 숙련직'),
  '62': () => t('job.name.62', '임업 숙련직'),
  '63': () => t('job.name.63', '어업 숙련직'),
  '7': () => t('job.name.7', '기능원 및 관련 기능 종사자'),
  '71': () => t('job.name.71', '식품 가공 관련 기능직'),
  '72': () => t('job.name.72', '섬유·의복 및 가죽 관련 기능직'),
  '73': () => t('job.name.73', '목재·가구·악기 및 간판 관련 기능직'),
  '74': () => t('job.name.74', '금속 성형 관련 기능직'),
  '75': () => t('job.name.75', '운송 및 기계 관련 기능직'),
  '76': () => t('job.name.76', '전기 및 전자 관련 기능직'),
  '77': () => t('job.name.77', '정보 통신 및 방송 장비 관련 기능직'),
  '78': () => t('job.name.78', '건설 및 채굴 관련 기능직'),
  '79': () => t('job.name.79', '기타 기능 관련직'),
  '8': () => t('job.name.8', '장치·기계 조작 및 조립 종사자'),
  '81': () => t('job.name.81', '식품 가공 관련 기계 조작직'),
  '82': () => t('job.name.82', '섬유 및 신발 관련 기계 조작직'),
  '83': () => t('job.name.83', '화학 관련 기계 조작직'),
  '84': () => t('job.name.84', '금속 및 비금속 관련 기계 조작직'),
  '85': () => t('job.name.85', '기계 제조 및 관련 기계 조작직'),
  '86': () => t('job.name.86', '전기 및 전자 관련 기계 조작직'),
  '87': () => t('job.name.87', '운전 및 운송 관련직'),
  '88': () => t('job.name.88', '상하수도 및 재활용 처리 관련 기계 조작직'),
  '89': () => t('job.name.89', '목재·인쇄 및 기타 기계 조작직'),
  '9': () => t('job.name.9', '단순 노무 종사자'),
  '91': () => t('job.name.91', '건설 및 광업 관련 단순 노무직'),
  '92': () => t('job.name.92', '운송 관련 단순 노무직'),
  '93': () => t('job.name.93', '제조 관련 단순 노무직'),
  '94': () => t('job.name.94', '청소 및 경비 관련 단순 노무직'),
  '95': () => t('job.name.95', '가사·음식 및 판매 관련 단순 노무직'),
  '99': () => t('job.name.99', '농림어업 및 기타 서비스 단순 노무직'),
  A: () => t('job.name.A', '군인'),
  A01: () => t('job.name.A01', '장교'),
  A02: () => t('job.name.A02', '부사관'),
  A09: () => t('job.name.A09', '기타 군인'),
  S: () => t('job.name.S', '학생'),
  H: () => t('job.name.H', '주부(가사)'),
  R: () => t('job.name.R', '은퇴(퇴직)'),
  N: () => t('job.name.N', '무직'),
  C: () => t('job.name.C', '미취학 아동'),
};
/**
 * An occupation's name as she reads it, by its code; in Korean the server's own (jobNm, what the insurer reads), in
 * another language the catalog's, or the server's for a code not here.
 */
export const jobName = (code: string, codeNm: string) =>
  currentLang() === 'ko' ? codeNm : (NAMES[code]?.() ?? codeNm);
