/**
 * The stack and its API routes' nested stack read as one template, so the stack tests and the IAM check
 * see every resource as deployed: a nested resource's id gets the nested stack's prefix, a parameter the
 * stack passes in becomes the value it passes, and a nested output the stack reads becomes its value.
 */
import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { PostboxStack } from '../../infra/stack.ts';

export interface CfnResource {
  Type: string;
  Properties: Record<string, unknown>;
  Metadata?: Record<string, unknown>;
  DependsOn?: string | string[];
  Condition?: string;
}

interface TemplateJson {
  Resources: Record<string, CfnResource>;
  Outputs?: Record<string, { Value: unknown; Description?: string }>;
  Parameters?: Record<string, Record<string, unknown>>;
  Conditions?: Record<string, unknown>;
}

/** The prefix of the nested stack's resource ids in the merged view. */
export const NESTED_PREFIX = 'ApiRoutes';

export interface SynthesizedStack extends TemplateJson {
  /** Resources of the stack itself, the nested stack's resource included (budgets count these). */
  own: Record<string, CfnResource>;
  /** Resources of the nested stack, with their own ids. */
  nested: TemplateJson;
  /** A construct's id in the merged view, whichever of the two stacks holds it. */
  idOf(construct: { node: { defaultChild?: unknown } }): string;
}

export function synthesizedStack(stack: PostboxStack): SynthesizedStack {
  const parent = Template.fromStack(stack).toJSON() as TemplateJson;
  const nested = Template.fromStack(stack.apiRoutesStack).toJSON() as TemplateJson;
  const nestedStackId = stack.getLogicalId(stack.apiRoutesStack.nestedStackResource as CfnElement);
  const passed = (parent.Resources[nestedStackId]?.Properties.Parameters ?? {}) as Record<string, unknown>;
  const nestedIds = new Set(Object.keys(nested.Resources));
  const rename = (id: string) => (nestedIds.has(id) ? NESTED_PREFIX + id : id);

  const fromNested = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(fromNested);
    if (!value || typeof value !== 'object') return value;
    const object = value as Record<string, unknown>;
    if (typeof object.Ref === 'string') {
      if (object.Ref in (nested.Parameters ?? {})) {
        if (!(object.Ref in passed)) throw new Error(`The stack passes no value for ${object.Ref}`);
        return passed[object.Ref];
      }
      return { Ref: rename(object.Ref) };
    }
    if (Array.isArray(object['Fn::GetAtt'])) {
      const [id, attribute] = object['Fn::GetAtt'] as [string, string];
      return { 'Fn::GetAtt': [rename(id), attribute] };
    }
    return Object.fromEntries(Object.entries(object).map(([key, inner]) => [key, fromNested(inner)]));
  };
  const fromParent = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(fromParent);
    if (!value || typeof value !== 'object') return value;
    const object = value as Record<string, unknown>;
    const getAtt = object['Fn::GetAtt'];
    if (Array.isArray(getAtt) && getAtt[0] === nestedStackId && String(getAtt[1]).startsWith('Outputs.')) {
      const output = nested.Outputs?.[String(getAtt[1]).slice('Outputs.'.length)];
      if (!output) throw new Error(`The nested stack has no output ${getAtt[1]}`);
      return fromNested(output.Value);
    }
    return Object.fromEntries(Object.entries(object).map(([key, inner]) => [key, fromParent(inner)]));
  };

  const resources: Record<string, CfnResource> = {};
  for (const [id, resource] of Object.entries(parent.Resources)) {
    if (id !== nestedStackId) resources[id] = fromParent(resource) as CfnResource;
  }
  for (const [id, resource] of Object.entries(nested.Resources)) {
    const merged = fromNested(resource) as CfnResource;
    if (resource.DependsOn) merged.DependsOn = [resource.DependsOn].flat().map(rename);
    if (resources[rename(id)]) throw new Error(`Two resources merge to the id ${rename(id)}`);
    resources[rename(id)] = merged;
  }
  return {
    ...parent,
    Resources: resources,
    Outputs: fromParent(parent.Outputs ?? {}) as TemplateJson['Outputs'],
    own: parent.Resources,
    nested,
    idOf: (construct) => {
      const element = construct.node.defaultChild as CfnElement;
      const owner = Stack.of(element);
      return owner === stack ? stack.getLogicalId(element) : NESTED_PREFIX + owner.getLogicalId(element);
    },
  };
}
