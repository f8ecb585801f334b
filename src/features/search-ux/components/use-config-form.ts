import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { searchConfig, type SearchConfigInput } from '#contract/entities/config.ts';
import type { ConfigMachine } from '#studio/machines/config.machine.ts';
import { applyServerIssues } from '#src/lib/api.ts';
import { useZodForm } from '#src/ui/form/form.tsx';

/**
 * One react-hook-form over the whole config, kept in step with the lifecycle machine: every
 * change is an EDIT; a config the machine got elsewhere (load, save, restore, reload) resets the
 * form; a 400's issues land on their fields. `save` validates with the contract's schema first.
 */
export function useConfigForm(
  actor: ActorRefFrom<ConfigMachine>,
  config: unknown,
  error: unknown,
  onInvalid: () => void,
) {
  const form = useZodForm(searchConfig, { mode: 'onChange' });
  // What this screen sent last: anything else from the machine resets the form.
  const sent = useRef<unknown>(null);

  useEffect(() => {
    if (config === null || config === sent.current) return;
    sent.current = config;
    form.reset(config as SearchConfigInput);
  }, [config, form]);

  useEffect(() => {
    const subscription = form.watch((next) => {
      const values = structuredClone(next);
      sent.current = values;
      actor.send({ type: 'EDIT', config: values });
    });
    return () => subscription.unsubscribe();
  }, [form, actor]);

  useEffect(() => {
    applyServerIssues(error, form.setError);
  }, [error, form]);

  const save = () =>
    form.handleSubmit((parsed) => {
      sent.current = parsed;
      actor.send({ type: 'EDIT', config: parsed });
      actor.send({ type: 'SAVE' });
    }, onInvalid)();

  return { form, save };
}
