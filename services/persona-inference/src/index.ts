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
export { panelPersona, panelPersonas } from './domain/panel-personas';
export { frameFromMessage, memberFromMessage } from './domain/panel-frame';
export { LocalPanelBuilder, type PanelBuilder } from './engines/panel-builder';
export { OpenAIPanelBuilder, PANEL_CALL_SIZE } from './engines/openai-panel';
