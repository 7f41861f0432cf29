/**
 * Keys of templates. An organization's templates live in their own partition: the descriptions
 * (listed together), the bodies apart (read only for one template), and the count that caps them.
 */
import type { PrimaryKey } from './primary-key.ts';

export const templateKeys = {
  template: (organizationId: string, templateId: string): PrimaryKey => ({
    PK: `TMPL#${organizationId}`,
    SK: `TEMPLATE#${templateId}`,
  }),
  templatesPrefix: (organizationId: string) => ({ PK: `TMPL#${organizationId}`, SKPrefix: 'TEMPLATE#' }),
  templateBodies: (organizationId: string, templateId: string): PrimaryKey => ({
    PK: `TMPL#${organizationId}`,
    SK: `BODY#${templateId}`,
  }),
  templateCount: (organizationId: string): PrimaryKey => ({ PK: `TMPL#${organizationId}`, SK: 'COUNT' }),
  /** Emails made from a template per UTC day (`yyyy-mm-dd`), for its usage figures; expires through TTL. */
  templateUsageDay: (organizationId: string, templateId: string, day: string): PrimaryKey => ({
    PK: `TMPLUSE#${organizationId}#${templateId}`,
    SK: day,
  }),
  templateUsagePartition: (organizationId: string, templateId: string) => ({
    PK: `TMPLUSE#${organizationId}#${templateId}`,
  }),
} as const;
