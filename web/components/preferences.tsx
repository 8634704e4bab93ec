import { Globe, Monitor, Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, useLanguage } from "../lib/i18n";
import { useChooseLanguage } from "../lib/language-choice";
import { THEMES, useTheme, type Theme } from "../lib/theme";
import { DropdownMenu, MenuGroup, MenuRadioItem, MenuSeparator } from "./ui/dropdown-menu";

const themeIcons: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

/** The Language and Theme radio groups, shared by the user menu and the signed-out preferences menu. */
export function PreferenceItems() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const language = useLanguage();
  const chooseLanguage = useChooseLanguage();
  return (
    <>
      <MenuGroup label={t("preferences.language")}>
        {LANGUAGES.map((l) => (
          <MenuRadioItem key={l.code} checked={language === l.code} onSelect={() => chooseLanguage(l.code)}>
            <span lang={l.code}>{l.label}</span>
          </MenuRadioItem>
        ))}
      </MenuGroup>
      <MenuSeparator />
      <MenuGroup label={t("preferences.theme")}>
        {THEMES.map((value) => {
          const Icon = themeIcons[value];
          return (
            <MenuRadioItem key={value} checked={theme === value} onSelect={() => setTheme(value)}>
              <Icon className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
              {t(`preferences.themes.${value}`)}
            </MenuRadioItem>
          );
        })}
      </MenuGroup>
    </>
  );
}

/** Language and theme for people who are not signed in (auth pages, signed-out header). */
export function PreferencesMenu() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DropdownMenu
      // The visible language code is part of the name, so voice control finds the button by what it shows.
      triggerLabel={t("preferences.open", { language: language.toUpperCase() })}
      menuLabel={t("preferences.title")}
      triggerClassName="inline-flex h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-foreground hover:bg-muted"
      trigger={
        <>
          <Globe className="h-5 w-5" aria-hidden="true" />
          <span className="uppercase" aria-hidden="true">
            {language}
          </span>
        </>
      }
    >
      <PreferenceItems />
    </DropdownMenu>
  );
}
