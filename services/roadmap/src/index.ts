export { readRoadmapConfig, type RoadmapConfig, roadmapConfigSchema } from './config';
export { type RunningRoadmap, startRoadmap } from './service';
