import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { cn } from "../lib/cn";

type ProfileLinkProps = {
  /** Null for a deleted account: its name shows, with nowhere to go. */
  userId: string | null | undefined;
  children: ReactNode;
  className?: string;
  /** The link's accessible name when its content is only an avatar. */
  label?: string;
  /**
   * An avatar next to a name that links to the same profile: kept out of the tab order and hidden
   * from screen readers, which reach the person through the name.
   */
  duplicate?: boolean;
};

/** A person's name or avatar, leading to their profile (spec 001: profiles open from names and avatars everywhere). */
export function ProfileLink({ userId, children, className, label, duplicate }: ProfileLinkProps) {
  if (!userId) return <span className={className}>{children}</span>;
  return (
    <Link
      to="/profile/$userId"
      params={{ userId }}
      aria-label={label}
      tabIndex={duplicate ? -1 : undefined}
      aria-hidden={duplicate || undefined}
      className={cn("rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring", className)}
    >
      {children}
    </Link>
  );
}
