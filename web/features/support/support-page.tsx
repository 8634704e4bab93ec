import { useQuery } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { ArrowLeft, BookOpen, Clock, FileText, LifeBuoy, Mail, MessageSquare, Phone, Timer, type LucideIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { Button, buttonClasses } from "../../components/ui/button";
import { Tab, TabList, TabPanel, Tabs } from "../../components/ui/tabs";
import { cn } from "../../lib/cn";
import { phoneHref } from "./contact-details";
import { FaqList } from "./faq-list";
import { supportContactQueryOptions } from "./queries";
import { MyTickets } from "./my-tickets";
import { TicketDialog } from "./ticket-dialog";
import { SUPPORT_TABS, type SupportTab } from "./support-views";

type SupportPageProps = {
  tab: SupportTab;
  onTabChange: (tab: SupportTab) => void;
  openTicket: string | null;
  onOpenTicketChange: (id: string | null) => void;
};

/** Help and Support (spec 001): Overview, FAQ and Contact, with the member's own tickets under Contact. */
export function SupportPage({ tab, onTabChange, openTicket, onOpenTicketChange }: SupportPageProps) {
  const { t } = useTranslation("support");
  const router = useRouter();
  const [dialogOpen, setDialogOpen] = useState(false);
  const title = t("translation:pages.support");
  useDocumentTitle(title);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex items-start gap-3">
        <Button variant="ghost" size="icon" aria-label={t("back")} onClick={() => router.history.back()}>
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Button>
        <div>
          <PageHeading>{title}</PageHeading>
          <p className="mt-1 text-muted-foreground">{t("subtitle")}</p>
        </div>
      </div>
      <Tabs value={tab} onValueChange={(v) => onTabChange(v as SupportTab)}>
        <TabList label={t("tabsLabel")}>
          {SUPPORT_TABS.map((v) => (
            <Tab key={v} value={v}>
              {t(`tabs.${v}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanel value="overview" className="mt-5 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Card icon={BookOpen} title={t("overview.faqTitle")} text={t("overview.faqText")}>
              <Button variant="outline" onClick={() => onTabChange("faq")}>
                {t("overview.faqAction")}
              </Button>
            </Card>
            <Card icon={LifeBuoy} title={t("overview.contactTitle")} text={t("overview.contactText")}>
              <Button variant="outline" onClick={() => onTabChange("contact")}>
                {t("overview.contactAction")}
              </Button>
            </Card>
          </div>
          <Card icon={MessageSquare} title={t("overview.stillNeedHelp")} text={t("overview.stillNeedHelpText")}>
            <Button onClick={() => setDialogOpen(true)}>{t("overview.stillNeedHelpAction")}</Button>
          </Card>
        </TabPanel>
        <TabPanel value="faq" className="mt-5">
          <FaqList />
        </TabPanel>
        <TabPanel value="contact" className="mt-5 space-y-6">
          <ContactOptions onOpenForm={() => setDialogOpen(true)} />
          <MyTickets openId={openTicket} onOpenChange={onOpenTicketChange} />
        </TabPanel>
      </Tabs>
      <TicketDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}

function Card({ icon: Icon, title, text, children }: { icon: LucideIcon; title: string; text: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5 shadow-sm">
      <Icon className="h-6 w-6 text-primary" aria-hidden="true" />
      <div>
        <h2 className="text-lg font-semibold text-foreground">{title}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{text}</p>
      </div>
      <div className="mt-auto">{children}</div>
    </section>
  );
}

/**
 * The ticket form, and the e-mail and phone the deployment configures: a channel it leaves unset is not
 * offered. Until they are read (or when they cannot be) only the form, the hours and the response time show.
 */
function ContactOptions({ onOpenForm }: { onOpenForm: () => void }) {
  const { t } = useTranslation("support");
  const { email = null, phone = null } = useQuery(supportContactQueryOptions()).data ?? {};
  const rows: { icon: LucideIcon; label: string; value: ReactNode }[] = [
    ...(email
      ? [
          {
            icon: Mail,
            label: t("contact.emailLabel"),
            value: (
              <a className="text-link hover:underline" href={`mailto:${email}`}>
                {email}
              </a>
            ),
          },
        ]
      : []),
    ...(phone
      ? [
          {
            icon: Phone,
            label: t("contact.phoneLabel"),
            value: (
              <a className="text-link hover:underline" href={phoneHref(phone)}>
                {phone}
              </a>
            ),
          },
        ]
      : []),
    { icon: Clock, label: t("contact.hoursLabel"), value: t("contact.hours") },
    { icon: Timer, label: t("contact.responseLabel"), value: t("contact.response") },
  ];
  const channels = 1 + (email ? 1 : 0) + (phone ? 1 : 0);
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-foreground">{t("contact.title")}</h2>
      <div className={cn("grid gap-4", channels === 3 ? "sm:grid-cols-3" : channels === 2 ? "sm:grid-cols-2" : "")}>
        <Card icon={FileText} title={t("contact.form")} text={t("contact.formText")}>
          <Button onClick={onOpenForm}>{t("contact.formAction")}</Button>
        </Card>
        {email && (
          <Card icon={Mail} title={t("contact.email")} text={t("contact.emailText")}>
            <a href={`mailto:${email}`} className={buttonClasses({ variant: "outline" })}>
              {email}
            </a>
          </Card>
        )}
        {phone && (
          <Card icon={Phone} title={t("contact.phone")} text={t("contact.phoneText")}>
            <a href={phoneHref(phone)} className={buttonClasses({ variant: "outline" })}>
              {phone}
            </a>
          </Card>
        )}
      </div>
      <section aria-labelledby="contact-info-title" className="rounded-2xl border border-border bg-surface p-5">
        <h3 id="contact-info-title" className="font-semibold text-foreground">
          {t("contact.info")}
        </h3>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          {rows.map(({ icon: Icon, label, value }) => (
            <div key={label} className="relative pl-8">
              <dt className="text-xs text-muted-foreground">
                <Icon className="absolute top-0.5 left-0 h-5 w-5 text-muted-foreground" aria-hidden="true" />
                {label}
              </dt>
              <dd className="text-sm text-foreground">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
