// Mappings between the shapes of @chorus/contracts and the proto messages
// that carry them between services. Each pair goes both ways, so the side
// that fills a message and the side that reads it agree field by field.
export * from './analysis';
export * from './calibration';
export * from './custom-personas';
export * from './runs';
export * from './share-answers';
export * from './share-results';
export * from './typed';
export * from './panels';
