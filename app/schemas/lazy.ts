/**
 * A module loaded on first use: the forms' validation rules (zod) stay off the
 * page's first load. `load()` starts the import once (again after a failure)
 * and resolves to undefined when the chunk cannot be fetched; `loaded` is set
 * as soon as it is there, so a submit can then validate without waiting.
 */
export type LazyModule<T> = { readonly loaded: T | undefined; load(): Promise<T | undefined> };

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let pending: Promise<T | undefined> | undefined;
  return {
    get loaded() {
      return loaded;
    },
    load() {
      pending ??= importer().then(
        (module) => (loaded = module),
        () => {
          pending = undefined;
          return undefined;
        },
      );
      return pending;
    },
  };
}
