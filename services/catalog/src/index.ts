export { readCatalogConfig } from './config';
export { type RunningCatalog, startCatalog } from './service';
export { defaultTemplateLibraryFile } from './template-library';
