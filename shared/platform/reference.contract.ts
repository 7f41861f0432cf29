/** The contract of GET /api/v1/openapi.json: the API's own OpenAPI document. */
import * as z from 'zod';
import { defineOperation } from '#platform/api-operation.ts';

export const getOpenApiDocument = defineOperation({
  endpoint: 'GET /openapi.json',
  permission: 'sending_access',
  operationId: 'getOpenApiDocument',
  summary: 'The OpenAPI document',
  description: 'This document (OpenAPI 3.1). No API key needed; cacheable.',
  tag: 'Reference',
  public: true,
  bare: true,
  status: 200,
  response: z.looseObject({ openapi: z.string() }).meta({ description: 'An OpenAPI 3.1 document' }),
});
