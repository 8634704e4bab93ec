import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/ui/avatar";
import type { CommunityDetail } from "../../../../common/contract/communities";

export function CreatorCard({ creator }: { creator: CommunityDetail["creator"] }) {
  const { t } = useTranslation("communities");
  const name = creator?.fullName || t("common.unknownUser");
  return (
    <section
      aria-labelledby="creator-title"
      className="flex items-center gap-3 rounded-2xl border border-border bg-surface p-5 shadow-sm"
    >
      <Avatar src={creator?.avatarUrl} name={name} size="md" />
      <div className="min-w-0">
        <h2 id="creator-title" className="text-xs text-muted-foreground">
          {t("detail.createdBy")}
        </h2>
        <p className="truncate font-semibold text-foreground">{name}</p>
      </div>
    </section>
  );
}
