/**
 * A module imported on first use, once per function instance, so code a request rarely needs stays out
 * of the function's cold start (docs/decisions.md, Bundles); a failed import is tried again on the next
 * call rather than remembered.
 */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
