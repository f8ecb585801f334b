import { HttpError } from './http-error.ts';

export interface Admission {
  /**
   * Runs `work` when one of the `concurrency` places is free. A call that would wait behind
   * `queue` others answers 503 at once; one that waits longer than `budgetMs` answers 503 then.
   */
  run<T>(budgetMs: number, work: () => Promise<T>): Promise<T>;
  /** Running and waiting calls, for tests and logs. */
  readonly load: { running: number; waiting: number };
}

/** Too many public reads at once: the caller is told to come back, not kept waiting. */
export class BusyError extends HttpError {
  constructor(message: string) {
    super(503, message);
    this.name = 'BusyError';
  }
}

interface Waiter {
  start(): void;
  timer: NodeJS.Timeout;
}

/** A line in front of a scarce resource (the public reads of one process): bounded, fast to refuse. */
export function createAdmission(options: { concurrency: number; queue: number }): Admission {
  let running = 0;
  const waiting: Waiter[] = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    }
  };

  return {
    get load() {
      return { running, waiting: waiting.length };
    },
    run<T>(budgetMs: number, work: () => Promise<T>): Promise<T> {
      const begin = (): Promise<T> => {
        running += 1;
        let result: Promise<T>;
        try {
          result = work();
        } catch (error) {
          release();
          return Promise.reject(error as Error);
        }
        return result.finally(release);
      };
      if (running < options.concurrency) return begin();
      if (waiting.length >= options.queue)
        return Promise.reject(
          new BusyError('The search service is busy: too many requests are waiting; try again'),
        );
      return new Promise<T>((resolve, reject) => {
        const waiter: Waiter = {
          start: () => begin().then(resolve, reject),
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1);
            reject(
              new BusyError(
                `The search service is busy: the request waited ${budgetMs} ms; try again`,
              ),
            );
          }, budgetMs),
        };
        waiter.timer.unref();
        waiting.push(waiter);
      });
    },
  };
}
