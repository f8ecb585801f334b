/**
 * Scheduled promotion: generate (or deploy, for a block or component) at a time.
 * The row is written with its audit entry; a pg-boss timer (kept in the database, so it
 * survives restarts) fires it, and a sweep fires any due row whose timer was lost. Firing
 * launches the same `config-generate` job the generate / deploy buttons launch, so the
 * promotion path and its checks are the same. Why one did not start, and the author's e-mail,
 * are in scheduled-failures.ts.
 */
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { DEPLOY_KINDS, type ConfigKind } from '#contract/entities/config.ts';
import type { ScheduledPromotion, SchedulePromotionInput } from '#contract/entities/rollout.ts';
import type { Db } from '../../platform/db/client.ts';
import { scheduledPromotions } from '../../platform/db/schema.ts';
import {
  conflict,
  HttpError,
  isUniqueViolation,
  notFound,
} from '../../platform/http/http-error.ts';
import { recordAudit } from '../../platform/audit/repository.ts';
import { createConfigRepository } from '../../configs/repository.ts';
import type { ConfigGeneratePayload } from '../jobs/config-generate.ts';
import type { Env } from '../../platform/env.ts';
import { assertGatePassed } from '../visual-gate/gate.ts';
import type { JobRunner } from '../../platform/jobs/runner.ts';
import { authorRefusal, cancelForAuthor, failureCode, mailFailure } from './scheduled-failures.ts';
import { SCHEDULER_ACTOR, toScheduledPromotion, type Row } from './scheduled-row.ts';

export const PROMOTION_TIMER_QUEUE = 'scheduled-promotion';
const MAX_AHEAD_MS = 366 * 24 * 3600 * 1000;

const isDeployKind = (kind: ConfigKind) => (DEPLOY_KINDS as readonly string[]).includes(kind);

export function createScheduledPromotions(
  db: Db,
  jobs: JobRunner,
  env: Pick<Env, 'VISUAL_GATE'>,
  /** Called after a failure e-mail was queued (the mailer's kick). */
  mailQueued: () => void = () => {},
) {
  const configs = createConfigRepository(db);

  async function arm(row: Row): Promise<void> {
    try {
      const timerId = await jobs.timers.at(
        PROMOTION_TIMER_QUEUE,
        { promotionId: row.id },
        row.runAt,
      );
      if (timerId)
        await db
          .update(scheduledPromotions)
          .set({ timerId })
          .where(eq(scheduledPromotions.id, row.id));
    } catch {
      // the sweep fires a due row whose timer is missing
    }
  }

  /** Launches the promotion of a due row, once (the row is claimed from `scheduled`). */
  async function fire(promotionId: number): Promise<Row | null> {
    let job: Awaited<ReturnType<JobRunner['enqueue']>> | null = null;
    try {
      // The promotion runs with its author's rights: they are read now, and a promotion whose
      // author lost them is cancelled (the author is told), never launched.
      const revoked = await db.transaction(async (tx) => {
        const [due] = await tx
          .select()
          .from(scheduledPromotions)
          .where(
            and(
              eq(scheduledPromotions.id, promotionId),
              eq(scheduledPromotions.state, 'scheduled'),
            ),
          )
          .for('update');
        if (!due) return null;
        const reason = await authorRefusal(tx, due);
        return reason === null ? null : cancelForAuthor(tx, due, reason);
      });
      if (revoked) return revoked;
      // The visual regression gate holds for a scheduled promotion as for the buttons: a version
      // whose on-screen changes nobody accepted fails here with the gate's reason.
      const [due] = await db
        .select()
        .from(scheduledPromotions)
        .where(eq(scheduledPromotions.id, promotionId));
      if (due?.state === 'scheduled')
        await assertGatePassed(db, env, {
          siteId: due.siteId,
          kind: due.kind as ConfigKind,
          key: due.key,
          sourceVersionId: due.sourceVersionId,
        });
      const fired = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(scheduledPromotions)
          .set({ state: 'fired', finishedAt: new Date() })
          .where(
            and(
              eq(scheduledPromotions.id, promotionId),
              eq(scheduledPromotions.state, 'scheduled'),
            ),
          )
          .returning();
        if (!row) return null;
        const payload: ConfigGeneratePayload = {
          kind: row.kind as ConfigKind,
          key: row.key,
          action: row.action,
          sourceVersionId: row.sourceVersionId,
        };
        job = await jobs.enqueue(tx, {
          siteId: row.siteId,
          kind: 'config-generate',
          payload,
          createdBy: row.createdBy,
        });
        const [done] = await tx
          .update(scheduledPromotions)
          .set({ jobId: job.id })
          .where(eq(scheduledPromotions.id, row.id))
          .returning();
        await recordAudit(tx, {
          actor: SCHEDULER_ACTOR,
          action: 'fire',
          entity: 'scheduled-promotion',
          entityId: row.id,
          siteId: row.siteId,
          before: { state: 'scheduled' },
          after: { state: 'fired', jobId: job.id, ...payload },
        });
        return done!;
      });
      if (job) await jobs.dispatch(job);
      return fired;
    } catch (error) {
      const message = isUniqueViolation(error)
        ? 'Another generate or deploy of the site was running at the scheduled time'
        : error instanceof Error
          ? error.message
          : String(error);
      const code = failureCode(error);
      // Failed, audited and its author e-mailed together: nobody learns of it by chance.
      const failed = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(scheduledPromotions)
          .set({ state: 'failed', error: message, errorCode: code, finishedAt: new Date() })
          .where(
            and(
              eq(scheduledPromotions.id, promotionId),
              eq(scheduledPromotions.state, 'scheduled'),
            ),
          )
          .returning();
        if (!row) return null;
        await recordAudit(tx, {
          actor: SCHEDULER_ACTOR,
          action: 'fire-failed',
          entity: 'scheduled-promotion',
          entityId: promotionId,
          siteId: row.siteId,
          before: { state: 'scheduled' },
          after: { state: 'failed', error: message, errorCode: code },
        });
        await mailFailure(tx, row, code);
        return row;
      });
      if (failed) mailQueued();
      return failed;
    }
  }

  return {
    fire,

    /** Fires the rows due for longer than `graceMs` (their timer was lost). */
    async fireOverdue(now: Date = new Date(), graceMs = 60_000): Promise<number> {
      const due = await db
        .select({ id: scheduledPromotions.id })
        .from(scheduledPromotions)
        .where(
          and(
            eq(scheduledPromotions.state, 'scheduled'),
            lte(scheduledPromotions.runAt, new Date(now.getTime() - graceMs)),
          ),
        )
        .orderBy(asc(scheduledPromotions.runAt))
        .limit(100);
      for (const { id } of due) await fire(id);
      return due.length;
    },

    async schedule(
      siteId: number,
      input: { kind: ConfigKind; key: number; runAt: string },
      login: string,
    ): Promise<ScheduledPromotion> {
      const deploy = isDeployKind(input.kind);
      if (deploy && input.key < 1)
        throw new HttpError(400, 'Invalid request: key: a block or component needs its id');
      if (!deploy && input.key !== 0)
        throw new HttpError(400, 'Invalid request: key: must be 0 for this config kind');
      const runAt = new Date(input.runAt);
      const now = Date.now();
      if (runAt.getTime() <= now)
        throw new HttpError(400, 'Invalid request: runAt: the time must be in the future');
      if (runAt.getTime() > now + MAX_AHEAD_MS)
        throw new HttpError(400, 'Invalid request: runAt: at most a year ahead');
      const source = await configs.latest({ siteId, kind: input.kind, key: input.key, test: true });
      if (!source || source.deleted)
        throw notFound(`A saved integration copy of the ${input.kind} config of site ${siteId}`);
      // What fires later must pass the visual check then: it is checked now, so a promotion
      // nobody could let through is refused at once (409 naming the reason), not at night.
      await assertGatePassed(db, env, {
        siteId,
        kind: input.kind,
        key: input.key,
        sourceVersionId: source.id,
      });
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(scheduledPromotions)
          .values({
            siteId,
            kind: input.kind,
            key: input.key,
            action: deploy ? 'deploy' : 'generate',
            sourceVersionId: source.id,
            runAt,
            createdBy: login,
          })
          .returning();
        await recordAudit(tx, {
          actor: login,
          action: 'schedule',
          entity: 'scheduled-promotion',
          entityId: created!.id,
          siteId,
          before: null,
          after: toScheduledPromotion(created!),
        });
        return created!;
      });
      await arm(row);
      return toScheduledPromotion(row);
    },

    async cancel(siteId: number, id: number, login: string): Promise<ScheduledPromotion> {
      const row = await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(scheduledPromotions)
          .where(and(eq(scheduledPromotions.id, id), eq(scheduledPromotions.siteId, siteId)))
          .for('update');
        if (!current) throw notFound(`Scheduled promotion ${id} of site ${siteId}`);
        if (current.state !== 'scheduled')
          throw conflict(`The scheduled promotion is ${current.state} already`);
        const [cancelled] = await tx
          .update(scheduledPromotions)
          .set({ state: 'cancelled', cancelledBy: login, finishedAt: new Date() })
          .where(eq(scheduledPromotions.id, id))
          .returning();
        await recordAudit(tx, {
          actor: login,
          action: 'cancel',
          entity: 'scheduled-promotion',
          entityId: id,
          siteId,
          before: toScheduledPromotion(current),
          after: toScheduledPromotion(cancelled!),
        });
        return cancelled!;
      });
      if (row.timerId)
        await jobs.timers.cancel(PROMOTION_TIMER_QUEUE, row.timerId).catch(() => undefined);
      return toScheduledPromotion(row);
    },

    /** Upcoming first (soonest first), then the latest 20 done. */
    async list(siteId: number): Promise<ScheduledPromotion[]> {
      const upcoming = await db
        .select()
        .from(scheduledPromotions)
        .where(
          and(eq(scheduledPromotions.siteId, siteId), eq(scheduledPromotions.state, 'scheduled')),
        )
        .orderBy(asc(scheduledPromotions.runAt));
      const done = await db
        .select()
        .from(scheduledPromotions)
        .where(
          and(
            eq(scheduledPromotions.siteId, siteId),
            sql`${scheduledPromotions.state} <> 'scheduled'`,
          ),
        )
        .orderBy(desc(scheduledPromotions.id))
        .limit(20);
      return [...upcoming, ...done].map(toScheduledPromotion);
    },
  };
}

export type ScheduledPromotions = ReturnType<typeof createScheduledPromotions>;
export type { SchedulePromotionInput };
