import { Suspense, type ReactNode } from "react";
import { Spinner } from "./ui/spinner";

/** A panel whose code comes with it (a lazy component inside): a spinner while that code loads. */
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
