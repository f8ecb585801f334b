import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import { configMachine, lifecycleFlags } from '#studio/machines/config.machine.ts';
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
}

/**
 * Keeps the form and the machine in step: every load, reload, save and restore resets the form to
 * the machine's config; every user edit is sent as EDIT (so the machine knows dirty), and `save`
 * validates with the form's resolver before sending the parsed values and SAVE.
 */
export function useMachineForm<TIn extends FieldValues, TOut>(
  actor: ConfigActor,
  form: UseFormReturn<TIn, unknown, TOut>,
  {
    toForm = (config) => config as TIn,
    fromForm = (values) => values,
  }: MachineFormOptions<TIn> = {},
) {
  const convert = useRef({ toForm, fromForm });
  useEffect(() => {
    convert.current = { toForm, fromForm };
  });
  const ready = useSelector(actor, (s) => !s.matches('loading') && !s.matches('loadFailed'));
  const saved = useSelector(actor, (s) => s.context.savedConfig);

  useEffect(() => {
    if (!ready) return;
    const { config } = actor.getSnapshot().context;
    if (config !== null && config !== undefined) form.reset(convert.current.toForm(config));
  }, [ready, saved, actor, form]);

  useEffect(() => {
    // Only the user's edits (they carry a field name); a reset must not mark the copy dirty.
    const subscription = form.watch((values, { name }) => {
      if (name) actor.send({ type: 'EDIT', config: convert.current.fromForm(values) });
    });
    return () => subscription.unsubscribe();
  }, [actor, form]);

  const submit = (values: TOut) => {
    actor.send({ type: 'EDIT', config: convert.current.fromForm(values) });
    actor.send({ type: 'SAVE' });
  };
  return {
    ready,
    /** For `<Form onSubmit>`: the validated values become the config, then SAVE. */
    submit,
    /** For a button outside the form: validates first. */
    save: () => void form.handleSubmit(submit)(),
    /** Loads a config (a restored version, a draft) into the form and the machine. */
    load: (config: unknown) => {
      form.reset(convert.current.toForm(config), { keepDefaultValues: true });
      actor.send({ type: 'EDIT', config: convert.current.fromForm(config) });
    },
  };
}
