import fp from 'fastify-plugin';
import * as z from 'zod';
import {
  createScheduledPromotions,
  PROMOTION_TIMER_QUEUE,
  type ScheduledPromotions,
} from '../../publishing/rollout/scheduled.ts';
import { checkRolloutWatches } from '../../publishing/rollout/watch.ts';

declare module 'fastify' {
  interface FastifyInstance {
    rollout: {
      scheduled: ScheduledPromotions;
      /** Checks the promotions under watch now (the timer does it every ROLLOUT_CHECK_MS). */
      check(now?: Date): ReturnType<typeof checkRolloutWatches>;
    };
  }
}

const timerData = z.object({ promotionId: z.number().int().positive() });

/**
 * Fires scheduled promotions (pg-boss timers of the job runner) and, every
 * ROLLOUT_CHECK_MS, checks the promotions under watch and fires any overdue scheduled one.
 */
export const rolloutPlugin = fp(
  async (app) => {
    const db = app.database.db;
    const scheduled = createScheduledPromotions(db, app.jobs, app.env, () => app.mailer.kick());
    app.jobs.timers.define(PROMOTION_TIMER_QUEUE, async (data) => {
      const parsed = timerData.safeParse(data);
      if (parsed.success) await scheduled.fire(parsed.data.promotionId);
    });
    async function check(now?: Date) {
      const outcomes = await checkRolloutWatches(db, now);
      if (outcomes.some((outcome) => outcome.state === 'rolled_back')) {
        app.mailer.kick();
        for (const outcome of outcomes.filter((o) => o.state === 'rolled_back'))
          app.log.warn(outcome, 'automatic rollback of a promotion');
      }
      return outcomes;
    }
    app.decorate('rollout', { scheduled, check });
    let timer: NodeJS.Timeout | null = null;
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await check();
        await scheduled.fireOverdue();
      } catch (error) {
        app.log.error({ err: error }, 'the rollout watcher failed');
      } finally {
        running = false;
      }
    };
    app.addHook('onReady', async () => {
      if (app.env.ROLLOUT_CHECK_MS > 0) {
        timer = setInterval(() => void tick(), app.env.ROLLOUT_CHECK_MS);
        timer.unref();
      }
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
  { name: 'rollout', dependencies: ['jobs', 'mail'] },
);
