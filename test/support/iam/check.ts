/**
 * The IAM check of the integration run: every AWS call a handler makes through the local cloud is
 * turned into the IAM requests AWS would authorise (requests.ts), de-duplicated, and at the end of
 * the run each distinct request is evaluated against the policy of the function that made it
 * (policies.ts, simulate.ts). A denial fails the run (exit code 1) and is printed with the function,
 * the call and the statements; a summary goes to test-artifacts/iam-simulation.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AwsCall, setAwsCallSink } from '#core/aws-call-recording.ts';
import { PROJECT_ROOT } from '../../../infra/functions.ts';
import { deployedPolicies, type LocalNames } from './policies.ts';
import { type IamRequest, iamRequestsOf } from './requests.ts';
import { describeDenial, simulate } from './simulate.ts';

export interface IamCheckSummary {
  callsRecorded: number;
  /** Distinct requests simulated (requests that differ only in ids count once). */
  distinctRequests: number;
  /** Distinct (function, action) pairs, e.g. `functions/emails/send.ts dynamodb:PutItem`. */
  functionActions: string[];
  denials: string[];
}

export interface IamCheck {
  /** Simulates every distinct request; resolves to the summary (denials included). */
  finish(local: LocalNames): Promise<IamCheckSummary>;
}

/** A condition context with ids generalised: `APIKEY#9d34…` → `APIKEY#…`. */
function shapeOf(context: IamRequest['context']): IamRequest['context'] {
  const shape = (value: string) => value.replace(/#[^#]*/g, '#…');
  return Object.fromEntries(
    Object.entries(context).map(([key, value]) => [
      key,
      key === 'dynamodb:LeadingKeys' ? [...new Set((value as string[]).map(shape))].sort() : value,
    ]),
  );
}

/** Starts recording every AWS call of every handler invocation in this process. */
export function startIamCheck(): IamCheck {
  let calls = 0;
  const distinct = new Map<string, IamRequest>();
  setAwsCallSink((call: AwsCall) => {
    calls += 1;
    for (const request of iamRequestsOf(call)) {
      // Requests that differ only in ids are one shape (an id never decides a condition here: the
      // policies' key patterns are prefixes such as APIKEY#*); the first of each shape is simulated.
      const key = JSON.stringify([request.handler, request.action, request.resource, shapeOf(request.context)]);
      if (!distinct.has(key)) distinct.set(key, request);
    }
  });
  return {
    async finish(local) {
      setAwsCallSink(undefined);
      const deployed = deployedPolicies(local);
      const requests = [...distinct.values()];
      const denials = (await Promise.all(requests.map((request) => simulate(request, deployed)))).filter(
        (denial) => denial !== undefined,
      );
      const summary: IamCheckSummary = {
        callsRecorded: calls,
        distinctRequests: requests.length,
        functionActions: [...new Set(requests.map((request) => `${request.handler} ${request.action}`))].sort(),
        denials: denials.map(describeDenial),
      };
      const directory = join(PROJECT_ROOT, 'test-artifacts');
      mkdirSync(directory, { recursive: true });
      writeFileSync(join(directory, 'iam-simulation.json'), `${JSON.stringify(summary, null, 2)}\n`);
      return summary;
    },
  };
}
