export { catalogConfigSchema, type CatalogConfig, readCatalogConfig } from './config';
export { type RunningCatalog, startCatalog } from './service';
export { defaultTemplateLibraryFile, loadTemplateLibrary } from './template-library';
