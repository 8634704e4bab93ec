import { useTranslation } from "react-i18next";

/** Marks the community's creator on their posts and comments (spec 000 section 6). */
export function AdminBadge() {
  const { t } = useTranslation("feed");
  return (
    <span className="inline-flex items-center rounded-full bg-primary px-2 py-0.5 text-[11px] leading-4 font-semibold text-primary-foreground">
      {t("post.admin")}
    </span>
  );
}
