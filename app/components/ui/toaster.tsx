import { lazy, Suspense, useEffect, useState } from "react";

const SonnerToaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/** Mounts the toast region after hydration; see notify.ts. */
export function Toaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" richColors closeButton theme="dark" />
    </Suspense>
  );
}
