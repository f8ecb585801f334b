import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { RouteDef } from '#contract/route.ts';
import { hasAccess } from '#contract/roles.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { uploadFile, type UploadInput } from './upload.ts';

const NO_ROLES: readonly string[] = [];

/** One call of a family: the contract's route (its roles decide who may) and how to make it. */
export interface ResourceCall<Fn> {
  route: RouteDef;
  call: Fn;
}

/**
 * A contract route family as the console uses it: the list read and the writes of one kind of
 * record (boost rules, widgets, sections…), each a route of `contract/routes/*` with its roles,
 * and the query keys the list lives under. `Scope` is what names the records' owner (a site id),
 * `Args` the list's filters and page, `Id` what names a record, `Input` what a form saves.
 */
export interface ResourceFamily<Scope, Args, Page, Input, Id> {
  keys: {
    /** What a write invalidates (the family's lists, every page and filter). */
    all: (scope: Scope) => QueryKey;
    list: (scope: Scope, args: Args) => QueryKey;
  };
  list: ResourceCall<(scope: Scope, args: Args, signal: AbortSignal) => Promise<Page>>;
  create?: ResourceCall<(scope: Scope, input: Input) => Promise<unknown>>;
  update?: ResourceCall<(scope: Scope, id: Id, input: Input) => Promise<unknown>>;
  remove?: ResourceCall<(scope: Scope, id: Id) => Promise<unknown>>;
}

/** Declares a family (the types follow from the calls). */
export function defineResource<Scope, Args, Page, Input = never, Id = never>(
  family: ResourceFamily<Scope, Args, Page, Input, Id>,
): ResourceFamily<Scope, Args, Page, Input, Id> {
  return family;
}

/** A save of the form: `id` for an existing record, none for a new one. */
export interface ResourceSave<Input, Id> {
  id?: Id | undefined;
  input: Input;
}

/**
 * The list of a family and its writes for one scope: the list query (the previous page stays
 * while the next loads), `save` (create or update), `remove`, `refresh`, whether the signed-in
 * user may create, update or delete (the routes' contract roles, never a copied list), and the
 * upload function of an upload route, which refreshes the list after its report.
 */
export function useResource<Scope, Args, Page, Input, Id>(
  family: ResourceFamily<Scope, Args, Page, Input, Id>,
  scope: Scope,
  args: Args,
  options: { enabled?: boolean } = {},
) {
  const client = useQueryClient();
  const roles = useAuthStore((state) => state.me?.roles ?? NO_ROLES);
  const may = (call: ResourceCall<unknown> | undefined) =>
    call !== undefined && hasAccess(roles, call.route.roles);
  const refresh = () => client.invalidateQueries({ queryKey: family.keys.all(scope) });
  const list = useQuery({
    queryKey: family.keys.list(scope, args),
    queryFn: ({ signal }) => family.list.call(scope, args, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  const save = useMutation({
    mutationFn: ({ id, input }: ResourceSave<Input, Id>) => {
      if (id === undefined) {
        if (!family.create) throw new Error(`${family.list.route.path}: no create call`);
        return family.create.call(scope, input);
      }
      if (!family.update) throw new Error(`${family.list.route.path}: no update call`);
      return family.update.call(scope, id, input);
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: Id) => {
      if (!family.remove) throw new Error(`${family.list.route.path}: no delete call`);
      return family.remove.call(scope, id);
    },
    onSuccess: refresh,
  });
  return {
    list,
    save,
    remove,
    refresh,
    canCreate: may(family.create),
    canUpdate: may(family.update),
    canDelete: may(family.remove),
    /** Any write at all: the screen shows its edit controls. */
    canEdit: may(family.create) || may(family.update) || may(family.remove),
    /** The `upload` of an UploadField sending to `route`; the list refreshes after the report. */
    uploadTo:
      <R extends RouteDef>(
        route: R,
        input: Omit<UploadInput<R>, 'file' | 'onProgress' | 'signal'>,
      ) =>
      async (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => {
        const report = await uploadFile(route, { ...input, file, onProgress, signal });
        void refresh();
        return report;
      },
  };
}

/** Whether the signed-in user may make a call of the contract (its roles). */
export function useMayCall(route: RouteDef | undefined): boolean {
  const roles = useAuthStore((state) => state.me?.roles ?? NO_ROLES);
  return route !== undefined && hasAccess(roles, route.roles);
}
