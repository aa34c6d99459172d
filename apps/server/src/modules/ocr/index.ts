// Reading an ID document's photo through the OCR provider. Owns no table.
export { ocrRoutes } from './routes.js';
