export { readInferenceConfig } from './config';
export { type RunningPersonaInference, startPersonaInference } from './service';
export { type PersonaQuestion } from './engines/engine';
export { LocalEngine } from './engines/local';
