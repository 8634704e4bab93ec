import { Lock } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/cn";
import { useJoiningTexts } from "./texts";

/**
 * "Private" with a lock: the community is joined by a request it approves (explore cards, the
 * community's header). Until its texts are there it shows nothing rather than holding up the page.
 */
export function PrivateBadge({ className }: { className?: string }) {
  return (
    <Suspense fallback={null}>
      <PrivateBadgeLabel className={className} />
    </Suspense>
  );
}

function PrivateBadgeLabel({ className }: { className?: string }) {
  useJoiningTexts();
  const { t } = useTranslation("communities");
  return (
    <Badge className={cn("gap-1", className)}>
      <Lock className="h-3 w-3 shrink-0" aria-hidden="true" />
      {t("joining.badge.private")}
    </Badge>
  );
}
