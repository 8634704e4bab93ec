import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { LazyPanel } from "../../components/lazy-panel";
import { AdminNav } from "./admin-nav";

type StaffPaymentsPageProps = {
  communityId: string;
  /** The community's name, once known. */
  name: string;
  /** The community's own payments panel (its code comes with it). */
  panel: ReactNode;
};

/** /admin/payments/:id: any community's payments and refunds, for staff, reached from the community's page. */
export function StaffPaymentsPage({ communityId, name, panel }: StaffPaymentsPageProps) {
  const { t } = useTranslation("admin");
  useDocumentTitle(t("payments.title", { name }));
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <AdminNav />
      <div>
        <Link
          to="/communities/$communityId"
          params={{ communityId }}
          className="inline-flex items-center gap-1 text-sm font-medium text-link hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t("common.back", { ns: "translation" })}
        </Link>
        <PageHeading className="mt-2 break-words">{t("payments.title", { name })}</PageHeading>
      </div>
      <LazyPanel>{panel}</LazyPanel>
    </div>
  );
}
