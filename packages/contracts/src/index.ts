export * from './auth';
export * from './pricing';
export * from './analytics';
