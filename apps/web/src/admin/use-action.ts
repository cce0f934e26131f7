import { useState } from 'react';

/**
 * The console's one-shot actions (dispatch, save, retry…): run, say pending, then call back. It
 * does what the console asked of TanStack's useMutation, without importing it: the shop's chunks
 * share that hook, and a console import would split it into a chunk of its own that the shop's
 * pages then load separately (decision 053).
 */
export function useAction<TInput = void, TResult = unknown>(options: {
  mutationFn: (input: TInput) => Promise<TResult>;
  onSuccess?: (result: TResult, input: TInput) => void;
  onError?: (error: Error) => void;
}) {
  const [isPending, setPending] = useState(false);
  const mutate = (input: TInput, once?: { onSuccess?: (result: TResult) => void }) => {
    setPending(true);
    options.mutationFn(input).then(
      (result) => {
        setPending(false);
        options.onSuccess?.(result, input);
        once?.onSuccess?.(result);
      },
      (error: unknown) => {
        setPending(false);
        options.onError?.(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };
  return { mutate, isPending };
}
