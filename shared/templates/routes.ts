/** The templates' routes. A delete marks the template inactive (an update of its item: `table: update`). */
import { apiRoute, type FeatureRoutes } from '#platform/routes.ts';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  previewTemplate,
  updateTemplate,
} from '#templates/templates.contract.ts';

export const templateRoutes: FeatureRoutes = {
  api: [
    apiRoute(createTemplate, 'functions/templates/create.ts', { table: ['write'] }),
    apiRoute(listTemplates, 'functions/templates/list.ts', { table: ['read'] }),
    apiRoute(getTemplate, 'functions/templates/get.ts', { table: ['read'] }),
    apiRoute(updateTemplate, 'functions/templates/update.ts', { table: ['read', 'write'] }),
    apiRoute(deleteTemplate, 'functions/templates/delete.ts', { table: ['update'] }),
    apiRoute(previewTemplate, 'functions/templates/preview.ts', { table: ['read'] }),
  ],
};
