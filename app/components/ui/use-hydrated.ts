import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and while the page hydrates; true once the app runs (and on every client
 * navigation). For controls that only work with JavaScript (card fields, recording, playback):
 * the page without scripts offers its own way instead.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
