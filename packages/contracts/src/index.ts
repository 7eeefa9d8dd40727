export * from './auth';
export * from './business-profile';
export * from './personas';
export * from './pricing';
export * from './products';
export * from './roadmaps';
export * from './roadmap-yaml';
export * from './yaml-guard';
