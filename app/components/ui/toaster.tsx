import { lazy, Suspense } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";

const SonnerToaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/** Mounts the toast region after hydration; see notify.ts. */
export function Toaster() {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" richColors closeButton theme="dark" />
    </Suspense>
  );
}
