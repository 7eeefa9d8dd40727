export { readRoadmapConfig } from './config';
export { type RunningRoadmap, startRoadmap } from './service';
