// The KR 실손 Claim guide served by the product (README "EMR vendors"): its page and example bundles. Owns no table.
export { guideRoutes } from './routes.js';
