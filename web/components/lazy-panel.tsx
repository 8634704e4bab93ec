import { Suspense, type ReactNode } from "react";
import { Spinner } from "./ui/spinner";

/** A panel that waits for its code (a lazy component) or its data (read with suspense): a spinner meanwhile. */
export function LazyPanel({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
