import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import { configMachine, lifecycleFlags } from '#studio/machines/config.machine.ts';
import { applyServerIssues } from '#src/lib/api.ts';
import { configActors, type ConfigActorsOptions } from './config-actors.ts';

/*
 * Binds a studio screen's react-hook-form to its config lifecycle machine (studio/machines):
 * the machine holds the saved copy and runs save / preview / generate / deploy with its rules;
 * the form holds what the user types and validates it with the contract's schema.
 */

export type ConfigActor = ActorRefFrom<typeof configMachine>;

/** One machine for one config copy (key the component by kind, id and copy to get a new one). */
export function useConfigActor(options: ConfigActorsOptions): ConfigActor {
  const [machine] = useState(() => configMachine.provide(configActors(options)));
  return useActorRef(machine, { input: { kind: options.kind, test: options.test } });
}

export function useLifecycleFlags(actor: ConfigActor) {
  return useSelector(actor, lifecycleFlags, (a, b) => JSON.stringify(a) === JSON.stringify(b));
}

export interface MachineFormOptions<TIn extends FieldValues> {
  /** The machine's config → the form's values (e.g. every template part present). */
  toForm?: (config: unknown) => TIn;
  /** The form's values → the config the machine compares and saves (e.g. empty parts dropped). */
  fromForm?: (values: unknown) => unknown;
  /** `save` found invalid fields (e.g. switch to the tab that holds them, say so). */
  onInvalid?: () => void;
}

/**
 * The one binding of a studio screen's react-hook-form to its config machine (every config
 * screen: search, autocomplete, instant search, blocks, components, tracking, MVT). Keeps them in
 * step: any config the machine got from elsewhere than this form (load, save, reload, a restored
 * version or draft sent as EDIT) resets the form; every user edit is sent as EDIT (so the machine
 * knows dirty); a 400's issues land on their fields; `save` validates with the form's resolver
 * before sending the parsed values and SAVE.
 */
export function useMachineForm<TIn extends FieldValues, TOut>(
  actor: ConfigActor,
  form: UseFormReturn<TIn, unknown, TOut>,
  {
    toForm = (config) => config as TIn,
    fromForm = (values) => values,
    onInvalid,
  }: MachineFormOptions<TIn> = {},
) {
  const convert = useRef({ toForm, fromForm, onInvalid });
  useEffect(() => {
    convert.current = { toForm, fromForm, onInvalid };
  });
  const ready = useSelector(actor, (s) => !s.matches('loading') && !s.matches('loadFailed'));
  const config = useSelector(actor, (s) => s.context.config);
  const error = useSelector(actor, (s) => s.context.error);
  // The config this form sent last: anything else the machine holds came from elsewhere.
  const sent = useRef<unknown>(undefined);

  useEffect(() => {
    if (!ready || config === null || config === undefined || config === sent.current) return;
    sent.current = config;
    form.reset(convert.current.toForm(config));
  }, [ready, config, form]);

  useEffect(() => {
    // Only the user's edits (they carry a field name); a reset must not mark the copy dirty.
    const subscription = form.watch((values, { name }) => {
      if (!name) return;
      // A copy: the form keeps mutating its own values object.
      const next = convert.current.fromForm(structuredClone(values));
      sent.current = next;
      actor.send({ type: 'EDIT', config: next });
    });
    return () => subscription.unsubscribe();
  }, [actor, form]);

  useEffect(() => {
    applyServerIssues(error, form.setError);
  }, [error, form]);

  const submit = (values: TOut) => {
    const next = convert.current.fromForm(values);
    sent.current = next;
    actor.send({ type: 'EDIT', config: next });
    actor.send({ type: 'SAVE' });
  };
  return {
    ready,
    /** For `<Form onSubmit>`: the validated values become the config, then SAVE. */
    submit,
    /** For a button outside the form: validates first. */
    save: () => void form.handleSubmit(submit, () => convert.current.onInvalid?.())(),
    /** Loads a config (a restored version, a draft) into the form and the machine. */
    load: (loaded: unknown) =>
      actor.send({ type: 'EDIT', config: convert.current.fromForm(loaded) }),
  };
}
