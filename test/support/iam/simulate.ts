/**
 * Evaluates IAM requests against the deployed policies with an IAM policy simulator
 * (@cloud-copilot/iam-simulate: identity policies, resource policies, every condition operator). A
 * request is allowed only when the simulator says `Allowed`; a denial names the function, the call,
 * the request and the statements that came closest (their action matched; the resource or a
 * condition did not).
 */
import { runSimulation } from '@cloud-copilot/iam-simulate';
import type { DeployedPolicies } from './policies.ts';
import { ACCOUNT, type IamRequest } from './requests.ts';

export interface Denial {
  request: IamRequest;
  result: string;
  /** Why: the statements whose action matched, with what did not. */
  statements: string[];
}

interface Explain {
  identifier?: string;
  actionMatch?: boolean;
  resourceMatch?: boolean;
  conditionMatch?: boolean;
  conditions?: Array<{ operator?: string; conditionKeyValue?: string; matches?: boolean }>;
}

interface AnalysedStatement {
  policyId?: string;
  explain: Explain;
}

function describeStatements(statements: AnalysedStatement[]): string[] {
  return statements
    .filter(({ explain }) => explain.actionMatch)
    .map(({ policyId, explain }) => {
      const failedConditions = (explain.conditions ?? [])
        .filter((condition) => !condition.matches)
        .map((condition) => `${condition.operator} ${condition.conditionKeyValue}`);
      const parts = [
        explain.resourceMatch === false ? 'resource does not match' : undefined,
        failedConditions.length > 0 ? `condition fails: ${failedConditions.join(', ')}` : undefined,
      ].filter(Boolean);
      return `${policyId ?? '?'} statement ${explain.identifier ?? '?'}: ${parts.join('; ') || 'matched'}`;
    });
}

/** The simulator's answer for one request; `undefined` when allowed. */
export async function simulate(request: IamRequest, deployed: DeployedPolicies): Promise<Denial | undefined> {
  const fn = deployed.byHandler.get(request.handler);
  if (!fn) return { request, result: `no deployed function runs ${request.handler}`, statements: [] };
  const resourcePolicy = deployed.resourcePolicies.get(request.resource);
  const response = await runSimulation(
    {
      identityPolicies: fn.policies.map((policy) => ({ name: policy.name, policy: policy.document })),
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      ...(resourcePolicy ? { resourcePolicy } : {}),
      request: {
        principal: fn.roleArn,
        action: request.action,
        resource: { resource: request.resource, accountId: ACCOUNT },
        // The SDK always calls AWS over TLS.
        contextVariables: { ...request.context, 'aws:SecureTransport': 'true' },
      },
    } as Parameters<typeof runSimulation>[0],
    {},
  );
  if (response.resultType === 'error') {
    return { request, result: `simulation error: ${JSON.stringify(response.errors)}`, statements: [] };
  }
  if (response.overallResult === 'Allowed') return undefined;
  const analysis = response.resultType === 'single' ? response.result.analysis : undefined;
  const identity = (
    analysis as {
      identityAnalysis?: { unmatchedStatements?: AnalysedStatement[]; denyStatements?: AnalysedStatement[] };
    }
  )?.identityAnalysis;
  return {
    request,
    result: response.overallResult,
    statements: describeStatements([...(identity?.unmatchedStatements ?? []), ...(identity?.denyStatements ?? [])]),
  };
}

/** A denial as one readable block. */
export function describeDenial(denial: Denial): string {
  const { request } = denial;
  return [
    `${request.handler}: ${request.call} → ${request.action} on ${request.resource} is ${denial.result}`,
    `  context: ${JSON.stringify(request.context)}`,
    ...denial.statements.map((statement) => `  ${statement}`),
  ].join('\n');
}
