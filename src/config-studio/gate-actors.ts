import { fromPromise } from 'xstate';
import { DEPLOY_KINDS, type ConfigKind } from '#contract/entities/config.ts';
import {
  acceptGateRoute,
  gateRunRoute,
  startGateRoute,
  type GateRun,
  type GateStatus,
} from '#contract/routes/visual-gate.ts';
import type { GateRunInput, StartGateInput } from '#studio/machines/config.machine.ts';
import { api } from '#src/lib/api.ts';

/*
 * The host's actors of the config machine's visual check (studio/machines/config-gate.ts):
 * start or find the run of the saved integration version, read it while it runs, accept its
 * changes. Failures toast through `api()`; the machine closes the dialog (start, poll) or keeps
 * the run shown (accept: 403, or 409 when production moved meanwhile).
 */
export function gateActors({
  kind,
  siteId,
  key,
}: {
  kind: ConfigKind;
  siteId: number;
  key?: number | undefined;
}) {
  const keyed = (DEPLOY_KINDS as readonly string[]).includes(kind);
  return {
    startGate: fromPromise<GateStatus, StartGateInput>(({ input, signal }) => {
      const item = input.config as { configId?: number; componentId?: number } | null;
      const id = item?.configId ?? item?.componentId ?? key;
      return api(
        startGateRoute,
        { params: { kind }, query: { siteId, ...(keyed && id !== undefined && { id }) }, signal },
        { overlay: false, successToast: false },
      );
    }),
    pollGate: fromPromise<GateRun, GateRunInput>(({ input, signal }) =>
      api(
        gateRunRoute,
        { params: { runId: input.run.id }, query: { siteId }, signal },
        { overlay: false },
      ),
    ),
    acceptGate: fromPromise<GateRun, GateRunInput>(({ input }) =>
      api(acceptGateRoute, { params: { runId: input.run.id }, query: { siteId } }),
    ),
  };
}
