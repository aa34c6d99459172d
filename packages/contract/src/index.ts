export * from './paths.js';
export * from './limits.js';
export * from './formats.js';
export * from './problem.js';
export * from './reference.js';
export * from './person.js';
export * from './subscription.js';
export * from './auth.js';
