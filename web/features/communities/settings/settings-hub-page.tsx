import { Link, type LinkProps } from "@tanstack/react-router";
import { Bell, ChevronRight, CreditCard, HelpCircle, LogOut, Repeat, Shield, UserX, type LucideIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { currentLanguage, LANGUAGES, type Language } from "../../../lib/i18n";
import { useChooseLanguage } from "../../../lib/language-choice";
import { THEMES, useTheme, type Theme } from "../../../lib/theme";
import { useSignOut } from "../../../lib/use-sign-out";
import { PageHeading, useDocumentTitle } from "../../../components/page";
import { CommunitySettingsSection } from "../manage/community-settings-section";
import type { ManageTab } from "../manage/manage-tabs";
import { useCurrentCommunity } from "../../../lib/my-communities";
import { RadioGroup } from "../../../components/ui/radio-group";
import { BlockedPeopleDialog } from "./blocked-people-dialog";

type SettingsHubPageProps = { tab: ManageTab | undefined; onTabChange: (tab: ManageTab) => void };

/**
 * /settings: the current community's management first (for those who run it; the Settings tab leads
 * here), then the account hub of spec 002: Account, Payments, Preferences, Support and Sign Out.
 */
export function SettingsHubPage({ tab, onTabChange }: SettingsHubPageProps) {
  const { t } = useTranslation("communities");
  const title = t("translation:pages.settings");
  useDocumentTitle(title);
  const { current } = useCurrentCommunity();
  const showsCommunity = current && (current.canManage || current.role === "moderator");

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeading>{title}</PageHeading>
      {showsCommunity && <CommunitySettingsSection key={current.id} community={current} tab={tab} onTabChange={onTabChange} />}
      <AccountSettings />
    </div>
  );
}

function AccountSettings() {
  const { t } = useTranslation("communities");
  const signOut = useSignOut();
  const [blockedOpen, setBlockedOpen] = useState(false);
  return (
    <>
      <SettingsSection title={t("settings.account")}>
        <SettingsLink to="/settings/privacy-security" icon={Shield} label={t("translation:pages.privacySecurity")} />
        <SettingsButton icon={UserX} label={t("settings.blockedUsers")} onClick={() => setBlockedOpen(true)} />
        <SettingsLink to="/settings/notifications" icon={Bell} label={t("translation:pages.notificationSettings")} />
      </SettingsSection>
      <SettingsSection title={t("settings.payments")}>
        <SettingsLink to="/payment-methods" icon={CreditCard} label={t("translation:pages.paymentMethods")} />
        <SettingsLink to="/my-subscriptions" icon={Repeat} label={t("translation:pages.mySubscriptions")} />
      </SettingsSection>
      <PreferencesSection />
      <SettingsSection title={t("settings.support")}>
        <SettingsLink to="/support" icon={HelpCircle} label={t("translation:pages.support")} />
      </SettingsSection>
      <div>
        <Button
          variant="outline"
          className="w-full text-destructive-text sm:w-auto"
          onClick={() => signOut.mutate()}
          loading={signOut.isPending}
        >
          <LogOut className="h-4 w-4" aria-hidden="true" />
          {t("settings.signOut")}
        </Button>
      </div>
      <BlockedPeopleDialog open={blockedOpen} onOpenChange={setBlockedOpen} />
    </>
  );
}

function PreferencesSection() {
  const { t } = useTranslation("communities");
  const [theme, setTheme] = useTheme();
  const language = currentLanguage();
  const chooseLanguage = useChooseLanguage();
  return (
    <SettingsSection title={t("settings.preferences")}>
      <div className="space-y-5 p-4">
        <RadioGroup<Language>
          legend={t("translation:preferences.language")}
          name="settings-language"
          value={language}
          onChange={chooseLanguage}
          options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
        />
        <RadioGroup<Theme>
          legend={t("translation:preferences.theme")}
          name="settings-theme"
          value={theme}
          onChange={setTheme}
          options={THEMES.map((value) => ({ value, label: t(`translation:preferences.themes.${value}`) }))}
        />
      </div>
    </SettingsSection>
  );
}

function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `settings-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="overflow-hidden rounded-2xl border border-border bg-surface shadow-sm">
      <h2
        id={id}
        className="border-b border-border px-4 py-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase"
      >
        {title}
      </h2>
      <div className="divide-y divide-border">{children}</div>
    </section>
  );
}

const rowClasses = "flex w-full items-center gap-3 px-4 py-3.5 text-left text-foreground hover:bg-muted";

function SettingsLink({ to, icon: Icon, label }: { to: LinkProps["to"]; icon: LucideIcon; label: string }) {
  return (
    <Link to={to} className={rowClasses}>
      <Icon className="h-5 w-5 text-muted-foreground" aria-hidden="true" />
      <span className="flex-1">{label}</span>
      <ChevronRight className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}

function SettingsButton({ icon: Icon, label, onClick }: { icon: LucideIcon; label: string; onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className={rowClasses} aria-haspopup="dialog">
      <Icon className="h-5 w-5 text-muted-foreground" aria-hidden="true" />
      <span className="flex-1">{label}</span>
      <ChevronRight className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
    </button>
  );
}
