export * from './sampling';
export * from './intervals';
export * from './echo';
export * from './drift';
export * from './analysis';
export * from './wording';
export * from './insight';
