export { type InferenceConfig, inferenceConfigSchema, readInferenceConfig } from './config';
export { createEngine, type RunningPersonaInference, startPersonaInference } from './service';
export {
  type InferenceEngine,
  InferenceFailed,
  type PersonaQuestion,
  type RatingMethod,
} from './engines/engine';
export { LocalEngine } from './engines/local';
export { OpenAIEngine } from './engines/openai';
