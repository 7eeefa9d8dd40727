export * from './auth';
export * from './pricing';
